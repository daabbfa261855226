import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { HttpRequestKind } from './http-request.kind';
import { KindRegistry } from './kind-registry';
import { LeadQualificationKind } from './lead-qualification.kind';

/** The built-in kinds. A new kind is one class in this folder, listed here. */
export const KINDS = [LeadQualificationKind, HttpRequestKind];

@Module({
  imports: [DiscoveryModule],
  providers: [...KINDS, KindRegistry],
  exports: [KindRegistry],
})
export class KindsModule {}
