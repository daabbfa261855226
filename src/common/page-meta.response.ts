import { ApiProperty } from '@nestjs/swagger';

/** The `meta` of every cursor-paged list (executions, wait tokens, webhook endpoints). */
export class PageMeta {
  @ApiProperty({ type: 'integer', example: 20 })
  limit: number;

  @ApiProperty({ example: true })
  has_more: boolean;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Pass as `cursor` for the next page (same filters); null on the last page',
    example: 'eyJjIjoiMjAyNi0xMS0yMlQxMDowMDowMC4wMDBaIiwiaSI6ImV4ZV8wMWpkIn0',
  })
  next_cursor: string | null;
}
