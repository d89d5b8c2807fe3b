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
  functionCall?: unknown;
}

/** A function call as a key: its name, its arguments (keys sorted) and its id when it has one. */
function callKey(call: unknown): string | undefined {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return undefined;
  const { name, args, id } = call as { name?: unknown; args?: unknown; id?: unknown };
  if (typeof name !== 'string') return undefined;
  return JSON.stringify(['functionCall', name, canonical(args ?? {}), typeof id === 'string' ? id : null]);
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.map(([k, v]) => [k, canonical(v)]);
}

// Bounded so a long-running sandbox does not grow without limit.
const MAX_REPLIES = 5000;

/** Adds `key` to a bounded set, dropping the oldest key past MAX_REPLIES. */
function remember(set: Set<string>, key: string): void {
  set.delete(key);
  set.add(key);
  if (set.size > MAX_REPLIES) {
    const oldest = set.values().next();
    if (!oldest.done) set.delete(oldest.value);
  }
}

export class SignatureBook {
  readonly #secret: Uint8Array;
  readonly #byReply = new Map<string, IssuedReply>();
  readonly #issued = new Set<string>();
  /** function calls (by callKey) issued with a signature, and those also issued without one */
  readonly #signedCalls = new Set<string>();
  readonly #unsignedCalls = new Set<string>();

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
   * Issues the signature the first functionCall part of a reply carries. A call has no text, so the
   * signature is bound to the call's name, arguments and id (unique to the reply).
   */
  signCall(call: { name: string; args: unknown; id?: string }): string {
    const key = callKey(call) ?? '';
    remember(this.#signedCalls, key);
    return this.#callMac(key);
  }

  /** A call issued without a signature (no thinking): a replay of it without one is not an error. */
  recordUnsignedCall(call: { name: string; args: unknown; id?: string }): void {
    remember(this.#unsignedCalls, callKey(call) ?? '');
  }

  /**
   * The first functionCall part of a replayed model turn, when it lacks the signature it was issued with
   * (the service's "Function call is missing a thought_signature"); undefined when the turn is fine.
   */
  unsignedCall(parts: readonly ReplayedPart[]): { name: string } | undefined {
    const part = parts.find((p) => p.functionCall !== undefined);
    if (part === undefined || part.thoughtSignature !== undefined) return undefined;
    const key = callKey(part.functionCall);
    if (key === undefined || !this.#signedCalls.has(key) || this.#unsignedCalls.has(key)) return undefined;
    return { name: (part.functionCall as { name: string }).name };
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
      const call = callKey(part.functionCall);
      const known =
        typeof sig === 'string' &&
        (call !== undefined
          ? sig === this.#callMac(call)
          : this.#issued.has(sig) ||
            sig === this.#mac(answer, typeof part.text === 'string' ? part.text : ''));
      if (!known) {
        return 'Thought signature is not valid: send each model part back with its thoughtSignature unchanged.';
      }
    }
    // A turn of calls is checked by unsignedCall: its signature belongs to its first call, not to a text.
    if (parts.some((p) => p.functionCall !== undefined)) return null;
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

  #callMac(key: string): string {
    return createHmac('sha256', this.#secret).update(key).digest('base64');
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
