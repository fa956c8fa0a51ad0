// The applications' own settings, read from the environment when used (the server's one schema,
// src/server/config/schema.ts): where the credit department is mailed and how long applications are kept.
import { parseEnv } from '../../server/config/index.ts';

type Env = Record<string, string | undefined>;

export interface ApplicationSettings {
  creditDepartmentEmail: string;
  retentionDays: number;
}

export function applicationSettings(env: Env = process.env): ApplicationSettings {
  const settings = parseEnv(env).env;
  return {
    creditDepartmentEmail: settings.CREDIT_DEPARTMENT_EMAIL,
    retentionDays: settings.APPLICATION_RETENTION_DAYS,
  };
}
