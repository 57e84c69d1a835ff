import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

/** One mail, ready to send: text and HTML bodies of the same message, and extra headers. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** The link the mail is about, logged when mail goes to files (no mail server). */
  link?: string;
}

export interface Mailer {
  /** Resolves once the server accepted the mail (or its file is written); throws otherwise, for the job to retry. */
  send(mail: Mail): Promise<void>;
}

type MailLog = { info(obj: object, msg: string): void };

/**
 * MAIL_URL set: SMTP through nodemailer (`smtp://` upgrades with STARTTLS when offered, `smtps://`
 * is TLS from the start). Unset: each mail is written as DATA_DIR/mail/<time>-<to>.eml and its
 * link logged, so an instance without a mail server still lets its admin read every mail.
 */
export function createMailer(mail: Config['mail'], log: MailLog): Mailer {
  if (mail.url) {
    const transport = nodemailer.createTransport(mail.url);
    return {
      async send(m) {
        await transport.sendMail({ from: mail.from, ...message(m) });
      },
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await files.sendMail({ from: mail.from, ...message(m) });
      await fs.mkdir(mail.dir, { recursive: true });
      const file = path.join(mail.dir, `${Date.now()}-${m.to.replace(/[^a-zA-Z0-9@._-]/g, '_')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: m.to, file, link: m.link }, `mail written to ${file}${m.link ? `: ${m.link}` : ''}`);
    },
  };
}

const message = (m: Mail) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
