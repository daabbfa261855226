import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/configuration';
import { buildDataSourceOptions } from './src/database/database.options';
import { ENTITIES } from './src/entities';

/** The DataSource of the TypeORM CLI: same options as the app, from the same environment. */
export default new DataSource(buildDataSourceOptions(loadConfig(), ENTITIES));
