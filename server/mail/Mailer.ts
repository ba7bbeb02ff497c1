/** A mail ready to send: plain text and HTML, and the links it carries (for tests and tools). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Sends mail: over SMTP when SMTP_URL is set, else into the DATA_DIR/outbox folder. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
