import type { MessageKey } from './messages';

/**
 * Every error code the API answers with, and its HTTP status: the one typed list that the
 * server throws from (`fail('COURSE_NOT_FOUND')`), each endpoint of the contract names (so the
 * OpenAPI document lists them) and the web app compares against (`error.code === '…'`).
 * A code is stable; the sentence that goes with it comes from the message catalogue.
 */
export const errorStatus = {
  // 400: the request cannot be used as it is
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  BAD_SORT: 400,
  CODE_EXPIRED: 400,
  INVALID_CODE: 400,
  WRONG_CODE: 400,
  WRONG_PASSWORD: 400,
  TOO_MANY_CODES: 400,
  SIGNIN_ENDED: 400,
  INVALID_RESET_TOKEN: 400,
  INVALID_EMAIL_CHANGE_TOKEN: 400,
  INVALID_SUBSCRIPTION_TOKEN: 400,
  INVALID_UNSUBSCRIBE_TOKEN: 400,
  IMAGE_UNREADABLE: 400,
  VIDEO_DAMAGED: 400,
  UNEXPECTED_FILE: 400,
  UPLOAD_INCOMPLETE: 400,
  UPLOAD_MALFORMED: 400,
  UPLOAD_LENGTH_REQUIRED: 400,
  CAPTIONS_NOT_TEXT: 400,
  CAPTIONS_NO_CUES: 400,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
  // Quiz attempts (issue 29): answers to no question are not an attempt
  QUIZ_EMPTY: 400,
  // 401: who is calling is not known
  UNAUTHENTICATED: 401,
  INVALID_TOKEN: 401,
  INVALID_CREDENTIALS: 401,
  // Premium (issue 33)
  PREMIUM_REQUIRED: 402,
  VOUCHER_INVALID: 400,
  PAYMENT_NOT_FOUND: 404,
  VOUCHER_NOT_FOUND: 404,
  PAYMENT_METHOD_UNAVAILABLE: 409,
  PAYMENT_NOT_REFUNDABLE: 409,
  VOUCHER_USED: 409,
  PAYMENT_PROVIDER_FAILED: 502,
  // 403: known, but not allowed
  FORBIDDEN: 403,
  NOT_ENROLLED: 403,
  ROLE_NOT_ALLOWED: 403,
  MEDIA_LINK_INVALID: 403,
  // A draft again, to its own learners (issue 32, point 9): being updated, back soon
  COURSE_BEING_UPDATED: 403,
  // 404: no such thing (or not visible to the caller)
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  BLOG_NOT_FOUND: 404,
  CERTIFICATE_NOT_FOUND: 404,
  CONTACT_NOT_FOUND: 404,
  COURSE_NOT_FOUND: 404,
  ITEM_NOT_FOUND: 404,
  ITEM_NOT_IN_COURSE: 404,
  NOT_A_QUIZ: 404,
  LESSON_NOT_FOUND: 404,
  MAIL_NOT_FOUND: 404,
  SUBSCRIBER_NOT_FOUND: 404,
  SUB_LESSON_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  UPLOAD_NOT_FOUND: 404,
  // 405, 409, 413, 415, 416, 429
  METHOD_NOT_ALLOWED: 405,
  EMAIL_TAKEN: 409,
  LAST_ADMIN: 409,
  PROGRESS_OUT_OF_ORDER: 409,
  QUIZ_NOT_PASSED: 409,
  QUIZ_NO_ATTEMPTS_LEFT: 409,
  ORDER_MISMATCH: 409,
  SELF_DELETE: 409,
  UPLOAD_UNFINISHED: 409,
  CAPTIONS_NEED_VIDEO: 409,
  TOO_LARGE: 413,
  IMAGE_TOO_LARGE: 413,
  IMAGE_DIMENSIONS_TOO_LARGE: 413,
  VIDEO_TOO_LARGE: 413,
  CAPTIONS_TOO_LARGE: 413,
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_REQ_FILE_TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  IMAGE_TYPE_NOT_ALLOWED: 415,
  VIDEO_TYPE_NOT_ALLOWED: 415,
  CAPTIONS_NOT_WEBVTT: 415,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_INVALID_MULTIPART_CONTENT_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  TOO_MANY_UPLOADS: 429,
  // Quiz attempts (issue 29): the pause after failures in a row
  QUIZ_WAIT: 429,
  // 5xx
  INTERNAL: 500,
  MAIL_FAILED: 503,
  UNAVAILABLE: 503,
  // Media cost (issue 29, point 2)
  VIDEO_TOO_LONG: 413,
  // Course resources (issue 34, point 1)
  RESOURCE_NOT_FOUND: 404,
  RESOURCE_PREMIUM_ONLY: 403,
  RESOURCE_TYPE_NOT_ALLOWED: 415,
  RESOURCE_TOO_LARGE: 413,
  TOO_MANY_RESOURCES: 409,
  // Priority support and webinars (issue 34, points 3 and 4)
  SUPPORT_NOT_FOUND: 404,
  WEBINAR_NOT_FOUND: 404,
  // Course discussions (issue 34, point 2)
  DISCUSSION_NOT_FOUND: 404,
  POST_NOT_FOUND: 404,
  DISCUSSION_CLOSED: 409,
  INVALID_UNFOLLOW_TOKEN: 400,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value);
}

/**
 * The catalogue sentence of each code that always says the same thing; the others (a number of
 * tries left, a size limit, a field's own message) are given where they are thrown.
 */
export const errorMessageKey = {
  BAD_REQUEST: 'badRequest',
  VALIDATION_FAILED: 'validationFailed',
  CODE_EXPIRED: 'verificationCodeExpired',
  INVALID_CODE: 'invalidVerificationCode',
  TOO_MANY_CODES: 'tooManyNewCodes',
  SIGNIN_ENDED: 'signinEnded',
  WRONG_PASSWORD: 'currentPasswordWrong',
  INVALID_RESET_TOKEN: 'resetFailed',
  INVALID_EMAIL_CHANGE_TOKEN: 'emailChangeLinkInvalid',
  INVALID_SUBSCRIPTION_TOKEN: 'subscriptionLinkInvalid',
  INVALID_UNSUBSCRIBE_TOKEN: 'unsubscribeLinkInvalid',
  IMAGE_UNREADABLE: 'imageUnreadable',
  VIDEO_DAMAGED: 'videoDamaged',
  UPLOAD_INCOMPLETE: 'uploadIncomplete',
  UPLOAD_MALFORMED: 'uploadMalformed',
  UPLOAD_LENGTH_REQUIRED: 'uploadLengthRequired',
  UPLOAD_NOT_FOUND: 'uploadNotFound',
  UPLOAD_UNFINISHED: 'uploadUnfinished',
  UNAUTHENTICATED: 'unauthenticated',
  INVALID_TOKEN: 'sessionExpired',
  INVALID_CREDENTIALS: 'invalidCredentials',
  FORBIDDEN: 'forbidden',
  NOT_ENROLLED: 'notEnrolled',
  ROLE_NOT_ALLOWED: 'roleNotAllowed',
  MEDIA_LINK_INVALID: 'mediaLinkInvalid',
  NOT_FOUND: 'notFound',
  BLOG_NOT_FOUND: 'blogNotFound',
  CERTIFICATE_NOT_FOUND: 'certificateNotFound',
  CONTACT_NOT_FOUND: 'contactNotFound',
  COURSE_NOT_FOUND: 'courseNotFound',
  ITEM_NOT_FOUND: 'progressItemNotFound',
  ITEM_NOT_IN_COURSE: 'itemNotInCourse',
  LESSON_NOT_FOUND: 'lessonNotFound',
  MAIL_NOT_FOUND: 'mailNotFound',
  SUBSCRIBER_NOT_FOUND: 'subscriberNotFound',
  SUB_LESSON_NOT_FOUND: 'subLessonNotFound',
  USER_NOT_FOUND: 'userNotFound',
  EMAIL_TAKEN: 'emailAlreadyExist',
  LAST_ADMIN: 'lastAdmin',
  PROGRESS_OUT_OF_ORDER: 'progressOutOfOrder',
  NOT_A_QUIZ: 'notAQuiz',
  QUIZ_NOT_PASSED: 'quizNotPassed',
  QUIZ_NO_ATTEMPTS_LEFT: 'quizNoAttemptsLeft',
  QUIZ_EMPTY: 'quizEmpty',
  ORDER_MISMATCH: 'orderMismatch',
  SELF_DELETE: 'cannotDeleteSelf',
  TOO_LARGE: 'payloadTooLarge',
  IMAGE_TOO_LARGE: 'imageTooLarge',
  IMAGE_DIMENSIONS_TOO_LARGE: 'imageDimensionsTooLarge',
  IMAGE_TYPE_NOT_ALLOWED: 'imageTypeNotAllowed',
  VIDEO_TYPE_NOT_ALLOWED: 'videoTypeNotAllowed',
  CAPTIONS_NOT_WEBVTT: 'captionsNotWebvtt',
  CAPTIONS_NOT_TEXT: 'captionsNotText',
  CAPTIONS_NO_CUES: 'captionsNoCues',
  CAPTIONS_NEED_VIDEO: 'captionsNeedVideo',
  INTERNAL: 'internalError',
  MAIL_FAILED: 'mailFailed',
  UNAVAILABLE: 'serviceUnavailable',
  // Premium (issue 33)
  // Course resources (issue 34, point 1)
  RESOURCE_NOT_FOUND: 'resourceNotFound',
  RESOURCE_PREMIUM_ONLY: 'resourcePremiumOnly',
  RESOURCE_TYPE_NOT_ALLOWED: 'resourceTypeNotAllowed',
  PREMIUM_REQUIRED: 'premiumRequired',
  VOUCHER_INVALID: 'voucherInvalid',
  PAYMENT_NOT_FOUND: 'paymentNotFound',
  // Priority support and webinars (issue 34, points 3 and 4)
  SUPPORT_NOT_FOUND: 'supportNotFound',
  WEBINAR_NOT_FOUND: 'webinarNotFound',
  VOUCHER_NOT_FOUND: 'voucherNotFound',
  PAYMENT_METHOD_UNAVAILABLE: 'paymentMethodUnavailable',
  PAYMENT_NOT_REFUNDABLE: 'paymentNotRefundable',
  VOUCHER_USED: 'voucherUsed',
  PAYMENT_PROVIDER_FAILED: 'paymentProviderFailed',
  // Course discussions (issue 34, point 2)
  DISCUSSION_NOT_FOUND: 'discussionNotFound',
  POST_NOT_FOUND: 'postNotFound',
  DISCUSSION_CLOSED: 'discussionClosed',
  INVALID_UNFOLLOW_TOKEN: 'unfollowLinkInvalid',
  COURSE_BEING_UPDATED: 'courseBeingUpdated',
} as const satisfies Partial<Record<ErrorCode, MessageKey>>;

const uploadErrors = [
  'UNEXPECTED_FILE',
  'UPLOAD_INCOMPLETE',
  'UPLOAD_MALFORMED',
  'TOO_LARGE',
] as const;

/** What an endpoint with an image upload can answer about the upload. */
export const imageUploadErrors = [
  'IMAGE_TOO_LARGE',
  'IMAGE_DIMENSIONS_TOO_LARGE',
  'IMAGE_TYPE_NOT_ALLOWED',
  'IMAGE_UNREADABLE',
  ...uploadErrors,
] as const satisfies readonly ErrorCode[];

/** What an endpoint with a video upload can answer about the upload. */
export const videoUploadErrors = [
  'VIDEO_TOO_LARGE',
  'VIDEO_TYPE_NOT_ALLOWED',
  'VIDEO_DAMAGED',
  // A finished resumable upload named by `videoUpload` instead of a file
  'UPLOAD_NOT_FOUND',
  'UPLOAD_UNFINISHED',
  // Longer than MAX_VIDEO_MINUTES; the server stopping before the upload ended (Retry-After)
  'VIDEO_TOO_LONG',
  'UNAVAILABLE',
  ...uploadErrors,
] as const satisfies readonly ErrorCode[];
