// What every route plugin is given by buildApp.
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { SmsProvider } from '../sms/sms-provider.ts';
import type { CodeLimits } from '../store/code-limits.ts';

export interface RouteDeps {
  config: Config;
  db: Db;
  sms: SmsProvider;
  /** The time in ms since the epoch, for every expiry and limit (default Date.now); tests pass a fake clock. */
  clock?: () => number;
  /** Changes to the one-time code limits (DEFAULT_CODE_LIMITS in server/store/code-limits.ts). */
  codeLimits?: Partial<CodeLimits>;
}
