// Written by `npm run routes -w packages/contract` (scripts/write-routes.ts) from the
// endpoints; routes.test.ts checks it. The routes carry no schema: see route.ts.
import type * as api from './index';
import type { RoutesOf } from './route';

export const announcementApi: RoutesOf<typeof api.announcementApi> = {
  listForCourse: {
    operationId: 'listCourseAnnouncements',
    method: 'GET',
    path: '/api/course/:id/announcements',
    reply: { kind: 'list' },
  },
  postToCourse: {
    operationId: 'postCourseAnnouncement',
    method: 'POST',
    path: '/api/course/:id/announcements',
    reply: { kind: 'messageAndData' },
  },
  postToAll: {
    operationId: 'postAnnouncement',
    method: 'POST',
    path: '/api/announcements',
    reply: { kind: 'messageAndData' },
  },
  mine: {
    operationId: 'myAnnouncements',
    method: 'GET',
    path: '/api/announcements/mine',
    reply: { kind: 'list' },
  },
  preference: {
    operationId: 'announcementPreference',
    method: 'GET',
    path: '/api/announcements/preference',
    reply: { kind: 'data' },
  },
  setPreference: {
    operationId: 'setAnnouncementPreference',
    method: 'PUT',
    path: '/api/announcements/preference',
    reply: { kind: 'data' },
  },
};

export const authApi: RoutesOf<typeof api.authApi> = {
  signUp: {
    operationId: 'signUp',
    method: 'POST',
    path: '/api/auth/signup',
    reply: { kind: 'messageAndData' },
  },
  signIn: {
    operationId: 'signIn',
    method: 'POST',
    path: '/api/auth/signin',
    reply: { kind: 'plain' },
  },
  verifyCode: {
    operationId: 'verifyCode',
    method: 'POST',
    path: '/api/auth/verifyCode',
    reply: { kind: 'plain' },
  },
  resendCode: {
    operationId: 'resendCode',
    method: 'POST',
    path: '/api/auth/resendCode',
    reply: { kind: 'message' },
  },
  forgotPassword: {
    operationId: 'forgotPassword',
    method: 'POST',
    path: '/api/auth/forgotpassword',
    reply: { kind: 'message' },
  },
  resetPassword: {
    operationId: 'resetPassword',
    method: 'POST',
    path: '/api/auth/resetpassword/:token',
    reply: { kind: 'message' },
  },
  changePassword: {
    operationId: 'changePassword',
    method: 'POST',
    path: '/api/auth/changepassword',
    reply: { kind: 'messageAndData' },
  },
  signOut: {
    operationId: 'signOut',
    method: 'POST',
    path: '/api/auth/logout',
    reply: { kind: 'message' },
  },
};

export const blogApi: RoutesOf<typeof api.blogApi> = {
  list: { operationId: 'listBlogs', method: 'GET', path: '/api/blog/all', reply: { kind: 'list' } },
  count: {
    operationId: 'countBlogs',
    method: 'GET',
    path: '/api/blog/number',
    reply: { kind: 'data' },
  },
  get: {
    operationId: 'getBlog',
    method: 'GET',
    path: '/api/blog/single/:id',
    reply: { kind: 'data' },
  },
  create: {
    operationId: 'createBlog',
    method: 'POST',
    path: '/api/blog/create',
    reply: { kind: 'messageAndData' },
  },
  delete: {
    operationId: 'deleteBlog',
    method: 'DELETE',
    path: '/api/blog/delete/:id',
    reply: { kind: 'message' },
  },
};

export const captionsApi: RoutesOf<typeof api.captionsApi> = {
  putLesson: {
    operationId: 'putLessonCaptions',
    method: 'PUT',
    path: '/api/lesson/captions/:lessonId/:language',
    reply: { kind: 'messageAndData' },
  },
  deleteLesson: {
    operationId: 'deleteLessonCaptions',
    method: 'DELETE',
    path: '/api/lesson/captions/:lessonId/:language',
    reply: { kind: 'messageAndData' },
  },
  putSubLesson: {
    operationId: 'putSubLessonCaptions',
    method: 'PUT',
    path: '/api/sublesson/captions/:subLessonId/:language',
    reply: { kind: 'messageAndData' },
  },
  deleteSubLesson: {
    operationId: 'deleteSubLessonCaptions',
    method: 'DELETE',
    path: '/api/sublesson/captions/:subLessonId/:language',
    reply: { kind: 'messageAndData' },
  },
};

export const certificateApi: RoutesOf<typeof api.certificateApi> = {
  listAll: {
    operationId: 'listCertificates',
    method: 'GET',
    path: '/api/certificate/all',
    reply: { kind: 'list' },
  },
  mine: {
    operationId: 'listOwnCertificates',
    method: 'GET',
    path: '/api/certificate/byUser',
    reply: { kind: 'list' },
  },
  countAll: {
    operationId: 'countCertificates',
    method: 'GET',
    path: '/api/certificate/number',
    reply: { kind: 'data' },
  },
  countMine: {
    operationId: 'countOwnCertificates',
    method: 'GET',
    path: '/api/certificate/numberByUser',
    reply: { kind: 'data' },
  },
  download: {
    operationId: 'downloadCertificate',
    method: 'GET',
    path: '/api/certificate/download/:id',
    reply: { kind: 'file', contentType: 'application/pdf' },
  },
  image: {
    operationId: 'certificateImage',
    method: 'GET',
    path: '/api/certificate/image/:id',
    reply: { kind: 'file', contentType: 'image/webp' },
  },
  verify: {
    operationId: 'verifyCertificate',
    method: 'GET',
    path: '/api/certificate/verify/:code',
    reply: { kind: 'data' },
  },
};

export const contactApi: RoutesOf<typeof api.contactApi> = {
  send: {
    operationId: 'sendContactMessage',
    method: 'POST',
    path: '/api/contact/send',
    reply: { kind: 'message' },
  },
  list: {
    operationId: 'listContactMessages',
    method: 'GET',
    path: '/api/contact/all',
    reply: { kind: 'list' },
  },
  get: {
    operationId: 'getContactMessage',
    method: 'GET',
    path: '/api/contact/single/:id',
    reply: { kind: 'data' },
  },
  delete: {
    operationId: 'deleteContactMessage',
    method: 'DELETE',
    path: '/api/contact/delete/:id',
    reply: { kind: 'message' },
  },
};

export const courseApi: RoutesOf<typeof api.courseApi> = {
  listFree: {
    operationId: 'listFreeCourses',
    method: 'GET',
    path: '/api/course/free',
    reply: { kind: 'list' },
  },
  listPremium: {
    operationId: 'listPremiumCourses',
    method: 'GET',
    path: '/api/course/premium',
    reply: { kind: 'list' },
  },
  listAll: {
    operationId: 'listCourses',
    method: 'GET',
    path: '/api/course/all',
    reply: { kind: 'list' },
  },
  get: {
    operationId: 'getCourse',
    method: 'GET',
    path: '/api/course/single/:id',
    reply: { kind: 'data' },
  },
  create: {
    operationId: 'createCourse',
    method: 'POST',
    path: '/api/course/create',
    reply: { kind: 'messageAndData' },
  },
  update: {
    operationId: 'updateCourse',
    method: 'PUT',
    path: '/api/course/update/:id',
    reply: { kind: 'messageAndData' },
  },
  delete: {
    operationId: 'deleteCourse',
    method: 'DELETE',
    path: '/api/course/delete/:id',
    reply: { kind: 'message' },
  },
};

export const discussionApi: RoutesOf<typeof api.discussionApi> = {
  list: {
    operationId: 'listDiscussions',
    method: 'GET',
    path: '/api/course/:id/discussions',
    reply: { kind: 'list' },
  },
  create: {
    operationId: 'createDiscussion',
    method: 'POST',
    path: '/api/course/:id/discussions',
    reply: { kind: 'messageAndData' },
  },
  read: {
    operationId: 'readDiscussion',
    method: 'GET',
    path: '/api/discussions/:id',
    reply: { kind: 'data' },
  },
  reply: {
    operationId: 'replyToDiscussion',
    method: 'POST',
    path: '/api/discussions/:id/replies',
    reply: { kind: 'messageAndData' },
  },
  markAnswer: {
    operationId: 'markAnswer',
    method: 'PUT',
    path: '/api/discussions/:id/answer',
    reply: { kind: 'data' },
  },
  pin: {
    operationId: 'pinDiscussion',
    method: 'PUT',
    path: '/api/discussions/:id/pin',
    reply: { kind: 'data' },
  },
  close: {
    operationId: 'closeDiscussion',
    method: 'PUT',
    path: '/api/discussions/:id/close',
    reply: { kind: 'data' },
  },
  hide: {
    operationId: 'hidePost',
    method: 'PUT',
    path: '/api/posts/:id/hidden',
    reply: { kind: 'data' },
  },
  report: {
    operationId: 'reportPost',
    method: 'POST',
    path: '/api/posts/:id/report',
    reply: { kind: 'message' },
  },
  follow: {
    operationId: 'followDiscussion',
    method: 'PUT',
    path: '/api/discussions/:id/follow',
    reply: { kind: 'data' },
  },
  unfollowByLink: {
    operationId: 'unfollowByLink',
    method: 'POST',
    path: '/api/discussions/unfollow/:token',
    reply: { kind: 'message' },
  },
  reports: {
    operationId: 'listDiscussionReports',
    method: 'GET',
    path: '/api/admin/discussion-reports',
    reply: { kind: 'list' },
  },
};

export const enrolmentApi: RoutesOf<typeof api.enrolmentApi> = {
  create: {
    operationId: 'enrol',
    method: 'POST',
    path: '/api/enroll/create/:courseId',
    reply: { kind: 'messageAndData' },
  },
  mine: {
    operationId: 'listOwnEnrolments',
    method: 'GET',
    path: '/api/enroll/byUser',
    reply: { kind: 'data' },
  },
  countAll: {
    operationId: 'countEnrolments',
    method: 'GET',
    path: '/api/enroll/number',
    reply: { kind: 'data' },
  },
  countMine: {
    operationId: 'countOwnEnrolments',
    method: 'GET',
    path: '/api/enroll/length',
    reply: { kind: 'data' },
  },
};

export const healthApi: RoutesOf<typeof api.healthApi> = {
  check: {
    operationId: 'checkHealth',
    method: 'GET',
    path: '/api/health',
    reply: { kind: 'data' },
  },
  ready: {
    operationId: 'checkReadiness',
    method: 'GET',
    path: '/api/ready',
    reply: { kind: 'data' },
  },
};

export const lessonApi: RoutesOf<typeof api.lessonApi> = {
  listByCourse: {
    operationId: 'listLessonsByCourse',
    method: 'GET',
    path: '/api/lesson/byCourse/:courseId',
    reply: { kind: 'data' },
  },
  create: {
    operationId: 'createLesson',
    method: 'POST',
    path: '/api/lesson/create/:courseId',
    reply: { kind: 'messageAndData' },
  },
  update: {
    operationId: 'updateLesson',
    method: 'PUT',
    path: '/api/lesson/update/:id',
    reply: { kind: 'messageAndData' },
  },
  reorder: {
    operationId: 'reorderLessons',
    method: 'PUT',
    path: '/api/lesson/reorder/:courseId',
    reply: { kind: 'message' },
  },
  delete: {
    operationId: 'deleteLesson',
    method: 'DELETE',
    path: '/api/lesson/delete/:id',
    reply: { kind: 'message' },
  },
  createSub: {
    operationId: 'createSubLesson',
    method: 'POST',
    path: '/api/sublesson/create/:lessonId',
    reply: { kind: 'messageAndData' },
  },
  updateSub: {
    operationId: 'updateSubLesson',
    method: 'PUT',
    path: '/api/sublesson/update/:id',
    reply: { kind: 'messageAndData' },
  },
  reorderSub: {
    operationId: 'reorderSubLessons',
    method: 'PUT',
    path: '/api/sublesson/reorder/:lessonId',
    reply: { kind: 'message' },
  },
  deleteSub: {
    operationId: 'deleteSubLesson',
    method: 'DELETE',
    path: '/api/sublesson/delete/:id',
    reply: { kind: 'message' },
  },
};

export const mailApi: RoutesOf<typeof api.mailApi> = {
  failed: {
    operationId: 'listFailedMail',
    method: 'GET',
    path: '/api/admin/mail/failed',
    reply: { kind: 'list' },
  },
  retry: {
    operationId: 'retryFailedMail',
    method: 'POST',
    path: '/api/admin/mail/:id/retry',
    reply: { kind: 'message' },
  },
};

export const premiumAdminApi: RoutesOf<typeof api.premiumAdminApi> = {
  updatePlan: {
    operationId: 'updatePremiumPlan',
    method: 'PUT',
    path: '/api/admin/premium/plan',
    reply: { kind: 'data' },
  },
  payments: {
    operationId: 'listPayments',
    method: 'GET',
    path: '/api/admin/payments',
    reply: { kind: 'list' },
  },
  paymentsCsv: {
    operationId: 'paymentsCsv',
    method: 'GET',
    path: '/api/admin/payments.csv',
    reply: { kind: 'file', contentType: 'text/csv' },
  },
  refund: {
    operationId: 'recordRefund',
    method: 'POST',
    path: '/api/admin/payments/:id/refund',
    reply: { kind: 'data' },
  },
  createVouchers: {
    operationId: 'createVouchers',
    method: 'POST',
    path: '/api/admin/vouchers',
    reply: { kind: 'data' },
  },
  vouchers: {
    operationId: 'listVouchers',
    method: 'GET',
    path: '/api/admin/vouchers',
    reply: { kind: 'list' },
  },
  vouchersCsv: {
    operationId: 'vouchersCsv',
    method: 'GET',
    path: '/api/admin/vouchers.csv',
    reply: { kind: 'file', contentType: 'text/csv' },
  },
  voidVoucher: {
    operationId: 'voidVoucher',
    method: 'POST',
    path: '/api/admin/vouchers/:id/void',
    reply: { kind: 'data' },
  },
  grant: {
    operationId: 'grantPremium',
    method: 'POST',
    path: '/api/admin/premium/grant',
    reply: { kind: 'data' },
  },
};

export const premiumApi: RoutesOf<typeof api.premiumApi> = {
  plan: {
    operationId: 'getPremiumPlan',
    method: 'GET',
    path: '/api/premium/plan',
    reply: { kind: 'data' },
  },
  me: {
    operationId: 'getMyPremium',
    method: 'GET',
    path: '/api/premium/me',
    reply: { kind: 'data' },
  },
  checkout: {
    operationId: 'checkoutPremium',
    method: 'POST',
    path: '/api/premium/checkout',
    reply: { kind: 'data' },
  },
  payment: {
    operationId: 'getPayment',
    method: 'GET',
    path: '/api/premium/payments/:id',
    reply: { kind: 'data' },
  },
  receipt: {
    operationId: 'getReceipt',
    method: 'GET',
    path: '/api/premium/payments/:id/receipt',
    reply: { kind: 'file', contentType: 'application/pdf' },
  },
  redeem: {
    operationId: 'redeemVoucher',
    method: 'POST',
    path: '/api/premium/redeem',
    reply: { kind: 'messageAndData' },
  },
  momoCallback: {
    operationId: 'momoCallback',
    method: 'PUT',
    path: '/api/premium/callback/momo/:id',
    reply: { kind: 'data' },
  },
  flutterwaveWebhook: {
    operationId: 'flutterwaveWebhook',
    method: 'POST',
    path: '/api/premium/webhook/flutterwave',
    reply: { kind: 'data' },
  },
};

export const progressApi: RoutesOf<typeof api.progressApi> = {
  complete: {
    operationId: 'completeItem',
    method: 'POST',
    path: '/api/progress/complete',
    reply: { kind: 'messageAndData' },
  },
  upsert: {
    operationId: 'saveProgress',
    method: 'POST',
    path: '/api/progress/upsert',
    reply: { kind: 'messageAndData' },
  },
  myCourses: {
    operationId: 'listMyCourses',
    method: 'GET',
    path: '/api/progress/courses',
    reply: { kind: 'list' },
  },
  mine: {
    operationId: 'listOwnProgress',
    method: 'GET',
    path: '/api/progress/:courseId',
    reply: { kind: 'data' },
  },
};

export const quizApi: RoutesOf<typeof api.quizApi> = {
  attempt: {
    operationId: 'attemptQuiz',
    method: 'POST',
    path: '/api/quiz/attempt/:id',
    reply: { kind: 'messageAndData' },
  },
  attempts: {
    operationId: 'listQuizAttempts',
    method: 'GET',
    path: '/api/quiz/attempts/:id',
    reply: { kind: 'list' },
  },
  state: {
    operationId: 'quizState',
    method: 'GET',
    path: '/api/quiz/state/:id',
    reply: { kind: 'data' },
  },
  grant: {
    operationId: 'grantQuizAttempt',
    method: 'POST',
    path: '/api/quiz/grant/:id',
    reply: { kind: 'messageAndData' },
  },
  read: { operationId: 'readQuiz', method: 'GET', path: '/api/quiz/:id', reply: { kind: 'data' } },
};

export const reportApi: RoutesOf<typeof api.reportApi> = {
  overview: {
    operationId: 'reportOverview',
    method: 'GET',
    path: '/api/report/overview',
    reply: { kind: 'data' },
  },
  learners: {
    operationId: 'courseReportLearners',
    method: 'GET',
    path: '/api/report/:courseId/learners',
    reply: { kind: 'list' },
  },
  funnel: {
    operationId: 'courseReportFunnel',
    method: 'GET',
    path: '/api/report/:courseId/funnel',
    reply: { kind: 'data' },
  },
  csv: {
    operationId: 'courseReportCsv',
    method: 'GET',
    path: '/api/report/:courseId/learners.csv',
    reply: { kind: 'file', contentType: 'text/csv' },
  },
};

export const resourceApi: RoutesOf<typeof api.resourceApi> = {
  list: {
    operationId: 'listCourseResources',
    method: 'GET',
    path: '/api/course/:id/resources',
    reply: { kind: 'list' },
  },
  create: {
    operationId: 'createCourseResource',
    method: 'POST',
    path: '/api/course/:id/resources',
    reply: { kind: 'messageAndData' },
  },
  update: {
    operationId: 'updateCourseResource',
    method: 'PATCH',
    path: '/api/resources/:id',
    reply: { kind: 'messageAndData' },
  },
  remove: {
    operationId: 'deleteCourseResource',
    method: 'DELETE',
    path: '/api/resources/:id',
    reply: { kind: 'message' },
  },
  download: {
    operationId: 'downloadCourseResource',
    method: 'GET',
    path: '/api/resources/:id/download',
    reply: { kind: 'file', contentType: 'application/octet-stream' },
  },
  downloads: {
    operationId: 'courseReportResources',
    method: 'GET',
    path: '/api/report/:courseId/resources',
    reply: { kind: 'list' },
  },
};

export const subscriberApi: RoutesOf<typeof api.subscriberApi> = {
  subscribe: {
    operationId: 'subscribe',
    method: 'POST',
    path: '/api/sub/subscribe',
    reply: { kind: 'message' },
  },
  confirm: {
    operationId: 'confirmSubscription',
    method: 'POST',
    path: '/api/sub/confirm/:token',
    reply: { kind: 'message' },
  },
  unsubscribeOneClick: {
    operationId: 'unsubscribeOneClick',
    method: 'POST',
    path: '/api/sub/unsubscribe/one-click/:token',
    reply: { kind: 'message' },
  },
  list: {
    operationId: 'listSubscribers',
    method: 'GET',
    path: '/api/sub/subscribers',
    reply: { kind: 'list' },
  },
  remove: {
    operationId: 'removeSubscriber',
    method: 'DELETE',
    path: '/api/sub/unsubscribe/:email',
    reply: { kind: 'message' },
  },
};

export const supportAdminApi: RoutesOf<typeof api.supportAdminApi> = {
  queue: {
    operationId: 'supportQueue',
    method: 'GET',
    path: '/api/admin/support',
    reply: { kind: 'list' },
  },
  answer: {
    operationId: 'answerSupportRequest',
    method: 'POST',
    path: '/api/admin/support/:id/answers',
    reply: { kind: 'messageAndData' },
  },
};

export const supportApi: RoutesOf<typeof api.supportApi> = {
  ask: {
    operationId: 'askSupport',
    method: 'POST',
    path: '/api/support',
    reply: { kind: 'messageAndData' },
  },
  mine: {
    operationId: 'mySupportRequests',
    method: 'GET',
    path: '/api/support/mine',
    reply: { kind: 'list' },
  },
  get: {
    operationId: 'getSupportRequest',
    method: 'GET',
    path: '/api/support/:id',
    reply: { kind: 'data' },
  },
  screenshot: {
    operationId: 'getSupportScreenshot',
    method: 'GET',
    path: '/api/support/:id/screenshot',
    reply: { kind: 'file', contentType: 'image/webp' },
  },
  close: {
    operationId: 'closeSupportRequest',
    method: 'POST',
    path: '/api/support/:id/close',
    reply: { kind: 'messageAndData' },
  },
  reopen: {
    operationId: 'reopenSupportRequest',
    method: 'POST',
    path: '/api/support/:id/reopen',
    reply: { kind: 'messageAndData' },
  },
};

export const systemApi: RoutesOf<typeof api.systemApi> = {
  read: {
    operationId: 'readSystem',
    method: 'GET',
    path: '/api/admin/system',
    reply: { kind: 'data' },
  },
};

export const userApi: RoutesOf<typeof api.userApi> = {
  profile: {
    operationId: 'getProfile',
    method: 'GET',
    path: '/api/user/profile',
    reply: { kind: 'data' },
  },
  update: {
    operationId: 'updateUser',
    method: 'PUT',
    path: '/api/user/update/:id',
    reply: { kind: 'messageAndData' },
  },
  setLanguage: {
    operationId: 'setLanguage',
    method: 'PUT',
    path: '/api/user/language',
    reply: { kind: 'data' },
  },
  confirmEmail: {
    operationId: 'confirmEmail',
    method: 'POST',
    path: '/api/user/confirm-email/:token',
    reply: { kind: 'message' },
  },
  list: { operationId: 'listUsers', method: 'GET', path: '/api/user/all', reply: { kind: 'list' } },
  edit: {
    operationId: 'editUser',
    method: 'PUT',
    path: '/api/user/edit/:id',
    reply: { kind: 'messageAndData' },
  },
  history: {
    operationId: 'userHistory',
    method: 'GET',
    path: '/api/user/history/:id',
    reply: { kind: 'list' },
  },
  delete: {
    operationId: 'deleteUser',
    method: 'DELETE',
    path: '/api/user/delete/:id',
    reply: { kind: 'message' },
  },
};

export const webinarApi: RoutesOf<typeof api.webinarApi> = {
  list: {
    operationId: 'listWebinars',
    method: 'GET',
    path: '/api/webinars',
    reply: { kind: 'list' },
  },
  create: {
    operationId: 'createWebinar',
    method: 'POST',
    path: '/api/webinars',
    reply: { kind: 'messageAndData' },
  },
  reminders: {
    operationId: 'getWebinarReminders',
    method: 'GET',
    path: '/api/webinars/reminders',
    reply: { kind: 'data' },
  },
  setReminders: {
    operationId: 'setWebinarReminders',
    method: 'PUT',
    path: '/api/webinars/reminders',
    reply: { kind: 'messageAndData' },
  },
  get: {
    operationId: 'getWebinar',
    method: 'GET',
    path: '/api/webinars/:id',
    reply: { kind: 'data' },
  },
  update: {
    operationId: 'updateWebinar',
    method: 'PATCH',
    path: '/api/webinars/:id',
    reply: { kind: 'messageAndData' },
  },
  delete: {
    operationId: 'deleteWebinar',
    method: 'DELETE',
    path: '/api/webinars/:id',
    reply: { kind: 'message' },
  },
  calendar: {
    operationId: 'webinarCalendar',
    method: 'GET',
    path: '/api/webinars/:id/calendar.ics',
    reply: { kind: 'file', contentType: 'text/calendar' },
  },
};
