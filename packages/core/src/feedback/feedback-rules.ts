/**
 * Customer feedback and support tickets (issue 13 point 7, page feedback; spec 000 §3 feedback types). The
 * pure rules the server and the web share.
 */

/** Spec 000 §3: the feedback types. They are also the client's feedback modules (modulefeedbackdata). */
export const FEEDBACK_TYPES = ['feedback', 'support'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** What the customer wrote about (peers §4: reasons). */
export const FEEDBACK_CATEGORIES = ['food', 'service', 'delivery', 'app', 'billing', 'hygiene', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** Who wrote a reply: back-office staff, or the customer through the ordering app. */
export const FEEDBACK_AUTHOR_KINDS = ['staff', 'customer'] as const;
export type FeedbackAuthorKind = (typeof FEEDBACK_AUTHOR_KINDS)[number];

export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 5;
/** Negative feedback: a rating of 2 or less (of 5). Feedback without a rating is never negative. */
export const NEGATIVE_RATING_MAX = 2;

export const FEEDBACK_LIMITS = {
  comment: 4000,
  reply: 4000,
  customerRef: 100,
  customerName: 120,
  contact: 200,
  repliesPerTicket: 500,
} as const;

export function isNegativeFeedback(rating: number | null | undefined): boolean {
  return rating != null && rating <= NEGATIVE_RATING_MAX;
}

/**
 * Whether a client's feedback modules (get_client_data's modulefeedbackdata) take this type: a type switched
 * off with `false` is refused; a type not named, or no data at all, is on.
 */
export function feedbackModuleOn(modules: Record<string, unknown> | null | undefined, type: FeedbackType): boolean {
  return modules?.[type] !== false;
}

/** The status after a staff reply: an open ticket moves to in progress; others keep theirs. */
export function statusAfterStaffReply(status: FeedbackStatus): FeedbackStatus {
  return status === 'open' ? 'in_progress' : status;
}
