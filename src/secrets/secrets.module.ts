import { Module } from '@nestjs/common';
import { SecretsService } from './secrets.service';

/** Account secrets, without routes (SecretsApiModule mounts them on the REST app). */
@Module({
  providers: [SecretsService],
  exports: [SecretsService],
})
export class SecretsModule {}
