import { randomBytes, randomInt } from 'node:crypto';

export interface Account {
  user_id: number;
  login: string;
  phone?: string;
  email?: string;
  country_id: number;
  currency: number;
  promo_code?: string;
  birthdate?: string;
  /** True once the SMS code has been checked (phone accounts) — e-mail accounts stay false here. */
  confirmed: boolean;
  createdAt: number;
}

export interface Session {
  id: string;
  userId: number;
  /** Only sessions opened by a phone registration may ask for SMS codes. */
  viaPhone: boolean;
  smsCode?: string;
  smsSentAt?: number;
}

export const SMS_RESEND_SECONDS = 30;

/** Accounts start from a plausible, non-trivial id so they do not look like test rows. */
const FIRST_USER_ID = 31_000_001;

/** Four digits, never a run of one digit, so a test's "wrong code" guess of 0000 cannot collide. */
export const isSmsCode = (code: string): boolean => /^\d{4}$/.test(code) && !/^(\d)\1{3}$/.test(code);

function randomSmsCode(): string {
  let code: string;
  do {
    code = String(randomInt(0, 10_000)).padStart(4, '0');
  } while (!isSmsCode(code));
  return code;
}

/** In-memory main-site state; a restart forgets every account, which is what a stand-in should do. */
export class StandInState {
  private readonly accounts = new Map<number, Account>();
  private readonly sessions = new Map<string, Session>();
  private readonly lastSmsCodes = new Map<string, string>();
  private nextUserId = FIRST_USER_ID;

  /** Phones ending in 0000 play accounts registered before the stand-in started. */
  isPhoneTaken(phone: string): boolean {
    return phone.endsWith('0000') || [...this.accounts.values()].some((account) => account.phone === phone);
  }

  /** E-mails starting with taken@ play accounts registered before the stand-in started. */
  isEmailTaken(email: string): boolean {
    const lower = email.toLowerCase();
    return lower.startsWith('taken@') || [...this.accounts.values()].some((account) => account.email === lower);
  }

  /**
   * Drops the accounts registered during this run under a phone or an e-mail, so they are free again
   * (a contract's provider state asks for that); the ones played from the start stay taken.
   */
  forgetAccounts(login: { phone?: string; email?: string }): void {
    const email = login.email?.toLowerCase();
    for (const [userId, account] of this.accounts) {
      if ((login.phone !== undefined && account.phone === login.phone) || (email !== undefined && account.email === email)) {
        this.accounts.delete(userId);
      }
    }
  }

  createAccount(data: Omit<Account, 'user_id' | 'login' | 'confirmed' | 'createdAt'>, now: number): Account {
    const user_id = this.nextUserId++;
    const email = data.email?.toLowerCase();
    const account: Account = {
      ...data,
      email,
      user_id,
      login: data.phone ?? email ?? String(user_id),
      confirmed: false,
      createdAt: now,
    };
    this.accounts.set(user_id, account);
    return account;
  }

  account(userId: number): Account | undefined {
    return this.accounts.get(userId);
  }

  openSession(userId: number, viaPhone: boolean): Session {
    const session: Session = { id: randomBytes(16).toString('hex'), userId, viaPhone };
    this.sessions.set(session.id, session);
    return session;
  }

  session(id: string | undefined): Session | undefined {
    if (!id) return undefined;
    const session = this.sessions.get(id);
    return session && this.accounts.has(session.userId) ? session : undefined;
  }

  /** A random code unless one is given (a contract's provider state names the code it expects). */
  issueSmsCode(session: Session, phone: string, now: number, code: string = randomSmsCode()): string {
    session.smsCode = code;
    session.smsSentAt = now;
    this.lastSmsCodes.set(phone, code);
    return code;
  }

  smsCodes(): Record<string, string> {
    return Object.fromEntries(this.lastSmsCodes);
  }
}
