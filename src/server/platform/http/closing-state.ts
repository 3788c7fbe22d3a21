/**
 * Whether the server is closing, in one place for both doors (Fastify's replies and the kept
 * answers of front-answers.ts): once closing begins, answers in flight tell keep-alive clients to
 * hang up so close() can finish, and no new kept answer is sent.
 */
export class ClosingState {
  private closing = false;

  begin(): void {
    this.closing = true;
  }

  get closingNow(): boolean {
    return this.closing;
  }
}
