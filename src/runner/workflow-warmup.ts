import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { KindRegistry } from './kinds/kind-registry';
import type { WorkflowKind } from './kinds/workflow.kind';

/** The worker role warms the workflow expression sandbox when it starts (docs/workflows.md). */
@Injectable()
export class WorkflowWarmup implements OnApplicationBootstrap {
  constructor(private readonly kinds: KindRegistry) {}

  onApplicationBootstrap(): void {
    if (this.kinds.has('workflow')) (this.kinds.get('workflow').handler as WorkflowKind).warm();
  }
}
