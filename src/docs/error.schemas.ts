import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CODES } from '../common/error-codes';

const CODES = Object.keys(ERROR_CODES);

/** The `error` object of every error response (docs/api.md, Conventions). */
export class ErrorObject {
  @ApiProperty({ enum: CODES, description: 'Machine-readable code', example: 'invalid_request' })
  code: string;

  @ApiProperty({ description: 'What went wrong, for humans', example: 'limit must be at most 100' })
  message: string;

  @ApiPropertyOptional({
    description: 'The offending field, dotted for nested ones; only when a field is at fault',
    example: 'limit',
  })
  field?: string;

  @ApiProperty({
    format: 'uri',
    description: '`{DOCS_URL}/errors/<code>`: an HTML page explaining the code',
    example: 'http://localhost:3000/docs/errors/invalid_request',
  })
  docs_url: string;
}

/** Error body of the REST API. */
export class ErrorEnvelope {
  @ApiProperty({ type: ErrorObject })
  error: ErrorObject;
}

/** Error body of the inbound webhook: the REST envelope plus `success` and `message`. */
export class WebhookErrorEnvelope {
  @ApiProperty({ enum: [false], example: false })
  success: false;

  @ApiProperty({ description: 'Same text as `error.message`', example: 'Webhook not found' })
  message: string;

  @ApiProperty({ type: ErrorObject })
  error: ErrorObject;
}
