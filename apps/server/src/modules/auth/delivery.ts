import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.js';

export type Message = { channel: 'phone' | 'email'; to: string; subject: string; text: string; code: string };

/**
 * Sends one-time codes. Never returns the code to the caller of an API. `inline(channel)`: whether the
 * request waits for the delivery (the dev outbox, so a developer finds the code at once); otherwise it runs
 * after the answer, so the answer takes as long whether or not a message is sent (no account enumeration).
 */
export type Delivery = { send: (message: Message) => Promise<void>; inline?: (channel: Message['channel']) => boolean };

export class DeliveryError extends Error {}

/**
 * SMTP for e-mail when SMTP_URL is set; the SMS webhook for phones when SMS_WEBHOOK_URL is set; otherwise,
 * outside production, the dev outbox: one line per message in the server log and in <DATA_DIR>/outbox.log.
 * In production a code is never written to the log or the outbox: a message without a channel fails (the
 * server refuses to start without a channel for each sign-in method it offers, see productionProblems).
 */
export function createDelivery(config: Config, log: FastifyBaseLogger): Delivery {
  const outboxFile = path.join(config.dataDir, 'outbox.log');
  // nodemailer is loaded with the first e-mail (~13 MB a server without SMTP_URL never needs).
  let mailer: Promise<Transporter> | undefined;
  const transport = (url: string) =>
    (mailer ??= import('nodemailer').then((m) => m.default.createTransport(url) as Transporter));

  const toOutbox = async (m: Message) => {
    const line = `${new Date().toISOString()} ${m.channel === 'phone' ? 'SMS' : 'EMAIL'} to=${m.to} code=${m.code} ${JSON.stringify(m.text)}\n`;
    log.info({ outbox: true, channel: m.channel, to: m.to, code: m.code }, `dev outbox: code ${m.code} for ${m.to}`);
    await fs.promises.mkdir(config.dataDir, { recursive: true });
    await fs.promises.appendFile(outboxFile, line);
  };

  const channelOf = (channel: Message['channel']) =>
    channel === 'email' ? config.SMTP_URL : channel === 'phone' ? config.SMS_WEBHOOK_URL : undefined;

  return {
    inline: (channel) => !channelOf(channel) && config.devOutbox,
    async send(m) {
      try {
        if (m.channel === 'email' && config.SMTP_URL) {
          await (
            await transport(config.SMTP_URL)
          ).sendMail({ from: config.SMTP_FROM, to: m.to, subject: m.subject, text: m.text });
          return;
        }
        if (m.channel === 'phone' && config.SMS_WEBHOOK_URL) {
          const res = await fetch(config.SMS_WEBHOOK_URL, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(config.SMS_WEBHOOK_TOKEN ? { authorization: `Bearer ${config.SMS_WEBHOOK_TOKEN}` } : {}),
            },
            body: JSON.stringify({ to: m.to, text: m.text }),
            signal: AbortSignal.timeout(10_000),
          });
          if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
          return;
        }
        if (!config.devOutbox) {
          throw new Error(`no ${m.channel === 'phone' ? 'SMS_WEBHOOK_URL' : 'SMTP_URL'} is configured`);
        }
        await toOutbox(m);
      } catch (err) {
        // The error and channel only: never the message, which holds the code.
        log.error({ err, channel: m.channel }, 'code delivery failed');
        throw new DeliveryError('delivery failed');
      }
    },
  };
}
