// Builds the SMS provider named by SMS_PROVIDER.
import type { Config } from '../config.ts';
import { consoleSms } from './console-sms.ts';
import type { SmsProvider } from './sms-provider.ts';
import { twilioSms } from './twilio-sms.ts';

export function createSms(config: Pick<Config, 'smsProvider' | 'twilio' | 'nodeEnv'>): SmsProvider {
  switch (config.smsProvider) {
    case 'console':
      return consoleSms(undefined, { production: config.nodeEnv === 'production' });
    case 'twilio':
      // loadConfig sets twilio whenever the provider is twilio.
      if (!config.twilio) throw new Error('SMS_PROVIDER=twilio needs the TWILIO_* settings');
      return twilioSms(config.twilio);
  }
}
