import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { OpaqueJson, Optional } from '../../common/validation';
import { MCP_DESCRIPTION_MAX_LENGTH } from '../mcp-tool';

const isObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `input_schema` of a create or PATCH body: a JSON object or null, taken as received (the
 * service checks it as a JSON Schema: agents/input-schema.ts).
 */
export const InputSchemaField = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      // In `oneOf`, so that `required` is the schema's (on the property it means optional).
      oneOf: [
        {
          type: 'object',
          properties: { type: { type: 'string', enum: ['object'] } },
          required: ['type'],
          additionalProperties: true,
        },
      ],
      nullable: true,
      description,
      example: {
        type: 'object',
        properties: { email: { type: 'string' } },
        required: ['email'],
      },
    }),
    Optional(),
    OpaqueJson(),
    Transform(({ obj, key }) => (obj as Record<string, unknown>)[key], { toClassOnly: true }),
    ValidateBy({
      name: 'jsonSchemaOrNull',
      validator: {
        validate: (value: unknown) => value === null || isObject(value),
        defaultMessage: () => 'input_schema must be a JSON Schema object or null',
      },
    }),
  );

/** `mcp` of a create or PATCH body: an object (its keys are checked by agents/mcp-tool.ts). */
export const McpBodyField = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: 'object',
      description,
      properties: {
        enabled: { type: 'boolean', default: false },
        name: {
          type: 'string',
          nullable: true,
          pattern: '^[a-z][a-z0-9_]{0,63}$',
          description: 'The tool name; null or absent: derived from the agent name',
        },
        description: {
          type: 'string',
          nullable: true,
          maxLength: MCP_DESCRIPTION_MAX_LENGTH,
        },
      },
      additionalProperties: false,
      example: { enabled: true, name: 'qualify_lead', description: 'Scores an inbound lead' },
    }),
    Optional(),
    OpaqueJson(),
    Transform(({ obj, key }) => (obj as Record<string, unknown>)[key], { toClassOnly: true }),
    ValidateBy({
      name: 'mcpObject',
      validator: {
        validate: isObject,
        defaultMessage: () => 'mcp must be an object {enabled, name?, description?}',
      },
    }),
  );

/** The shape the service reads from a body's `input_schema` and `mcp`. */
export interface McpBodyFields {
  input_schema?: Record<string, unknown> | null;
  mcp?: Record<string, unknown>;
}
