// The applications' own settings, read from the environment when used (see the README's
// Configuration table): where the credit department is mailed and how long applications are kept.
type Env = Record<string, string | undefined>;

export const DEFAULT_RETENTION_DAYS = 365;

export interface ApplicationSettings {
  creditDepartmentEmail: string;
  retentionDays: number;
}

export function applicationSettings(env: Env = process.env): ApplicationSettings {
  const days = Number(env.APPLICATION_RETENTION_DAYS?.trim() || DEFAULT_RETENTION_DAYS);
  return {
    creditDepartmentEmail: env.CREDIT_DEPARTMENT_EMAIL?.trim() || 'credit@kwikfill.example',
    retentionDays: Number.isFinite(days) && days > 0 ? days : DEFAULT_RETENTION_DAYS,
  };
}
