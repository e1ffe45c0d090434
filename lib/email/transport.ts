import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/lib/config";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Email goes out only when the instance has an SMTP server (`SMTP_URL`). */
export const canSendEmail = () => Boolean(config.smtpUrl);

let transporter: Transporter | undefined;

export async function sendEmail(email: OutgoingEmail): Promise<void> {
  if (!config.smtpUrl) throw new Error("SMTP_URL is not configured");
  // Bounded waits: a dead mail server must not hold API requests for minutes.
  transporter ??= nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as nodemailer.TransportOptions);
  await transporter.sendMail({ from: config.emailFrom, ...email });
}
