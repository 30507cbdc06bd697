import nodemailer, { type Transporter } from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string };
export type MailSender = { send: (message: MailMessage) => Promise<void> };

// One pooled connection per SMTP server for the life of the process.
const transports = new Map<string, Transporter>();

/** Email over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://…) with nodemailer. */
export function smtpMailSender(smtpUrl: string, from: string): MailSender {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({
      url: smtpUrl,
      // Pooled: mails reuse open connections instead of a handshake (and TLS) each.
      pool: true,
      maxConnections: 5,
      // A request waits for the hand-over to the SMTP server; a dead server must not hang it.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(smtpUrl, transport);
  }
  const t = transport;
  return {
    send: async (m) => {
      await t.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
    },
  };
}
