// Thought signatures of the generate-content format: issued on replies with thinking, and checked
// when a later request replays those replies (wire-notes "Multi-turn state that must survive verbatim").
import { createHmac, randomBytes } from 'node:crypto';

interface IssuedReply {
  /** signature -> text of the part that carried it ('' for the empty streamed part). */
  signed: Map<string, string>;
  /** The same text was also issued without a signature, so a replay without one is not an error. */
  unsigned: boolean;
}

export interface ReplayedPart {
  text?: unknown;
  thought?: unknown;
  thoughtSignature?: unknown;
}

// Bounded so a long-running sandbox does not grow without limit.
const MAX_REPLIES = 5000;

export class SignatureBook {
  readonly #secret: Uint8Array;
  readonly #byReply = new Map<string, IssuedReply>();
  readonly #issued = new Set<string>();

  constructor(secret: Uint8Array = randomBytes(32)) {
    this.#secret = secret;
  }

  /** Issues the signature for the answer `replyText` whose part with text `partText` will carry it. */
  sign(replyText: string, partText: string): string {
    const signature = this.#mac(replyText, partText);
    this.#entry(replyText).signed.set(signature, partText);
    this.#issued.add(signature);
    return signature;
  }

  /** An opaque signature for a messages-format thinking block; those are not checked on replay. */
  signThinking(thinking: string): string {
    return createHmac('sha256', this.#secret)
      .update(JSON.stringify(['thinking', thinking]))
      .digest('base64');
  }

  recordUnsigned(replyText: string): void {
    this.#entry(replyText).unsigned = true;
  }

  /**
   * Checks one replayed model turn. Returns why it is rejected, or null when it is acceptable.
   * The turn is recognised by the text of its non-thought parts joined together.
   */
  checkModelTurn(parts: readonly ReplayedPart[]): string | null {
    const answer = parts
      .filter((p) => p.thought !== true)
      .map((p) => (typeof p.text === 'string' ? p.text : ''))
      .join('');
    for (const part of parts) {
      const sig = part.thoughtSignature;
      if (sig === undefined) continue;
      // Issued in this run, or (with a kept secret) in an earlier one: the MAC binds it to its part.
      const known =
        typeof sig === 'string' &&
        (this.#issued.has(sig) || sig === this.#mac(answer, typeof part.text === 'string' ? part.text : ''));
      if (!known) {
        return 'Thought signature is not valid: send each model part back with its thoughtSignature unchanged.';
      }
    }
    const issued = this.#byReply.get(answer);
    if (!issued || issued.signed.size === 0) return null;
    for (const part of parts) {
      if (typeof part.thoughtSignature !== 'string') continue;
      const signedText = issued.signed.get(part.thoughtSignature);
      const text = typeof part.text === 'string' ? part.text : '';
      if (signedText !== undefined && signedText === text && part.thought !== true) return null;
    }
    const anySignature = parts.some((p) => p.thoughtSignature !== undefined);
    if (issued.unsigned && !anySignature) return null;
    return anySignature
      ? 'Thought signature does not match its part: keep the thoughtSignature on the same part, with the same text, in the same order.'
      : 'Thought signature is missing from a model turn: send every model part back unchanged, including an empty part that carries a thoughtSignature.';
  }

  #mac(replyText: string, partText: string): string {
    return createHmac('sha256', this.#secret)
      .update(JSON.stringify([replyText, partText]))
      .digest('base64');
  }

  #entry(replyText: string): IssuedReply {
    let entry = this.#byReply.get(replyText);
    if (!entry) {
      entry = { signed: new Map(), unsigned: false };
      this.#byReply.set(replyText, entry);
      if (this.#byReply.size > MAX_REPLIES) {
        const oldest = this.#byReply.entries().next();
        if (!oldest.done) {
          this.#byReply.delete(oldest.value[0]);
          for (const signature of oldest.value[1].signed.keys()) this.#issued.delete(signature);
        }
      }
    }
    return entry;
  }
}
