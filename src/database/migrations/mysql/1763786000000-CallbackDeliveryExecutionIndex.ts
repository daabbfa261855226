import { MigrationInterface, QueryRunner } from 'typeorm';

export class MysqlCallbackDeliveryExecutionIndex1763786000000 implements MigrationInterface {
  name = 'MysqlCallbackDeliveryExecutionIndex1763786000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX \`idx_callback_deliveries_execution\` ON \`callback_deliveries\` (\`execution_id\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP INDEX \`idx_callback_deliveries_execution\` ON \`callback_deliveries\``,
    );
  }
}
