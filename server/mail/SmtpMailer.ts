import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './Mailer';

/** Mail through an SMTP server (SMTP_URL, e.g. `smtps://user:pass@smtp.example.com:465`). */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }
}
