import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createMailer } from './mailer.ts';
import { renderMail } from './templates/layout.ts';
import { passwordResetMail } from './templates/password-reset.ts';

describe('without MAIL_URL', () => {
  it('writes each mail to DATA_DIR/mail/<time>-<to>.eml, text and HTML, and logs its link', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-mail-'));
    try {
      const { mail } = loadConfig({ DATA_DIR: dataDir, PORT: '4321' });
      expect(mail.linkOrigin).toBe('http://localhost:4321');
      const logged: { obj: object; msg: string }[] = [];
      const mailer = createMailer(mail, { info: (obj, msg) => logged.push({ obj, msg }) });
      const link = `${mail.linkOrigin}/reset-password?token=abc`;
      await mailer.send(passwordResetMail({ to: 'Ann@Example.com', name: 'Ann', link }));

      const files = await fs.readdir(path.join(dataDir, 'mail'));
      expect(files).toEqual([expect.stringMatching(/^\d+-Ann@Example\.com\.eml$/)]);
      const parsed = await simpleParser(await fs.readFile(path.join(dataDir, 'mail', files[0]!)));
      expect(parsed.subject).toBe('Reset your password');
      expect(parsed.from?.text).toContain('no-reply@localhost');
      expect(parsed.text).toContain(link);
      expect(parsed.html).toContain(`href="${link}"`);
      expect(logged[0]!.msg).toContain(link);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('templates', () => {
  it('escape what they are given in the HTML and keep it as is in the text', () => {
    const mail = renderMail('a@example.com', {
      subject: 'Hi',
      paragraphs: ['Hello <b>Ann</b> & "friends"'],
      items: [{ text: '<img src=x onerror=alert(1)>', url: 'https://videos.test/?a=1&b="2"' }],
    });
    expect(mail.html).toContain('Hello &lt;b&gt;Ann&lt;/b&gt; &amp; &quot;friends&quot;');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('href="https://videos.test/?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('Hello <b>Ann</b> & "friends"');
  });
});
