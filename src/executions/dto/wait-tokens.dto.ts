import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../agents/dto/agent-fields';
import { CursorQuery, IntegerQuery } from '../../common/query-params';
import { WAIT_TOKEN_STATUSES } from '../wait-token.entity';
import { PageMeta } from '../../common/page-meta.response';

/** A cursor is the id of the previous page's last token. */
export const TOKEN_CURSOR_PATTERN = /^[a-z]{3}_[0-9a-z]{26}$/;

/** `GET /v2/wait-tokens` (docs/api.md, Wait tokens). */
export class ListWaitTokensQuery {
  @ApiPropertyOptional({ enum: WAIT_TOKEN_STATUSES })
  @IsOptional()
  @IsIn(WAIT_TOKEN_STATUSES, {
    message: `$property must be one of ${WAIT_TOKEN_STATUSES.join(', ')}`,
  })
  status?: string;

  @ApiPropertyOptional({ description: 'Agent id (`agt_…`)', maxLength: 40 })
  @IsOptional()
  @IsString({ message: '$property must be an agent id' })
  @MaxLength(40, { message: '$property must be an agent id' })
  agent_id?: string;

  @ApiPropertyOptional({ description: 'Execution id (`exe_…`)', maxLength: 40 })
  @IsOptional()
  @IsString({ message: '$property must be an execution id' })
  @MaxLength(40, { message: '$property must be an execution id' })
  execution_id?: string;

  @IntegerQuery({ minimum: 1, maximum: 100, default: 20 })
  limit?: number;

  @CursorQuery({
    description: '`meta.next_cursor` of the previous page, unchanged',
    maxLength: 30,
    pattern: TOKEN_CURSOR_PATTERN,
  })
  cursor?: string;
}

/** `POST /v2/wait-tokens/:id/complete`. */
export class CompleteWaitTokenDto {
  @ApiPropertyOptional({
    description: 'One of the token’s `choices` (required when it has some)',
    example: 'approve',
    maxLength: 200,
  })
  @Optional()
  @IsString({ message: '$property must be a string' })
  @MaxLength(200, { message: '$property must be at most 200 characters' })
  choice?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Any JSON object, given to the waiting step as `data`',
  })
  @Optional()
  @IsObject({ message: '$property must be an object' })
  data?: Record<string, unknown>;
}

export class CompletedByItem {
  @ApiProperty({ enum: ['api_key', 'user', 'link'] })
  type: string;

  @ApiPropertyOptional({ description: 'The API key’s or the user’s id' })
  id?: string;

  @ApiPropertyOptional({ description: 'The user’s email' })
  email?: string;
}

/** A wait token (docs/api.md, Wait tokens). */
export class WaitTokenRecord {
  @ApiProperty({ example: 'wtk_01jd8z6q8r0s2t4u6v8w0x2y4z' })
  id: string;

  @ApiProperty({ example: 'exe_01jd8z4k9m2x7q3r5t6v8w0y1a' })
  execution_id: string;

  @ApiProperty({ example: 'agt_01jd8z2c4v6b8n0m2k4j6h8g0f' })
  agent_id: string;

  @ApiProperty({ description: 'The `create_token` step (`t[2]` inside a foreach)' })
  step_id: string;

  @ApiProperty({ enum: WAIT_TOKEN_STATUSES })
  status: string;

  @ApiProperty({ type: 'string', nullable: true })
  title: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  description: string | null;

  @ApiProperty({ type: [String], nullable: true, example: ['approve', 'reject'] })
  choices: string[] | null;

  @ApiProperty({ type: 'string', nullable: true })
  choice: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  data: Record<string, unknown> | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  completed_at: string | null;

  @ApiProperty({ type: CompletedByItem, nullable: true })
  completed_by: CompletedByItem | null;

  @ApiProperty({ format: 'date-time' })
  expires_at: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class WaitTokenListResponse {
  @ApiProperty({ type: [WaitTokenRecord], description: 'Newest first' })
  data: WaitTokenRecord[];

  @ApiProperty({ type: PageMeta })
  meta: PageMeta;
}
