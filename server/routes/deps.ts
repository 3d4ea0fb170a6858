// What every route plugin is given by buildApp.
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { SmsProvider } from '../sms/sms-provider.ts';

export interface RouteDeps {
  config: Config;
  db: Db;
  sms: SmsProvider;
}
