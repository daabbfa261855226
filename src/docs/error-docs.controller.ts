import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { ApiError } from '../common/api-error';
import { ERROR_CODES, isErrorCode } from '../common/error-codes';
import { ApiErrors } from '../common/api-errors.decorator';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `GET /docs/errors/:code`: one small HTML page per error code. */
@Controller('docs/errors')
@Public()
@ApiTags('Documentation')
export class ErrorDocsController {
  @Get(':code')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiOperation({
    operationId: 'getErrorPage',
    summary: "The page an error's docs_url points to",
    description: 'No authentication. One HTML page per error code: its status and meaning.',
  })
  @ApiParam({ name: 'code', enum: Object.keys(ERROR_CODES), description: 'An error code' })
  @ApiProduces('text/html')
  @ApiOkResponse({
    description: 'The page',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  @ApiErrors('not_found')
  page(@Param('code') code: string): string {
    if (!isErrorCode(code)) throw ApiError.notFound(`Error code "${code}"`);
    const entry = ERROR_CODES[code];
    const inline = escapeHtml(entry.description).replace(/`([^`]+)`/g, '<code>$1</code>');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${code}: ${escapeHtml(entry.title)}</title></head>
<body>
<h1><code>${code}</code>: ${escapeHtml(entry.title)}</h1>
<p>HTTP status <strong>${entry.status}</strong></p>
<p>${inline}</p>
<p>Every error body has the form <code>{"error": {"code", "message", "field"?, "docs_url"}}</code>.</p>
</body></html>
`;
  }
}
