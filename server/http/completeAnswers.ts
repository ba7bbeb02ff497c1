/** Responses that already carry every header the app's middleware would add (made by answerJson). */
const complete = new WeakSet<Response>();

export function markCompleteAnswer(res: Response): Response {
  complete.add(res);
  return res;
}

/** True for a response made by answerJson: the security, cache and compression middleware leave it as it is. */
export function isCompleteAnswer(res: Response): boolean {
  return complete.has(res);
}
