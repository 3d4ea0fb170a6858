// Builds the SMS provider named by SMS_PROVIDER.
import type { Config } from '../config.ts';
import { consoleSms } from './console-sms.ts';
import type { SmsProvider } from './sms-provider.ts';

export function createSms(config: Pick<Config, 'smsProvider'>): SmsProvider {
  switch (config.smsProvider) {
    case 'console':
      return consoleSms();
  }
}
