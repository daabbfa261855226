import { Module } from '@nestjs/common';
import { SecretsController } from './secrets.controller';
import { SecretsModule } from './secrets.module';

/** The `/v2/secrets` routes; REST application only. */
@Module({
  imports: [SecretsModule],
  controllers: [SecretsController],
})
export class SecretsApiModule {}
