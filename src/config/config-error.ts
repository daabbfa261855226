/** A bad configuration value: the process stops with this message, naming the variable (exit 78). */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
  }
}

/** The environment a configuration is read from. */
export type Env = Record<string, string | undefined>;
