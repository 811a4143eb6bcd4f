/**
 * Every sentence a user can see, in one catalogue, so that languages can be added.
 * Texts quoted in product.md are copied verbatim; the server's own sentences follow.
 */
export const messages = {
  // Validation (product.md §5)
  emailInvalid: 'Please enter a valid email address.',
  emailRequired: 'Email is required.',
  contactFieldsRequired: 'Please fill out all required fields.',
  registerFieldsRequired: 'Please fill in all fields.',
  resetBothRequired: 'Please fill in both password fields.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  otpRequired: 'Please enter a valid OTP.',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  contentRequired: 'Content is required',
  contentRequiredForText: 'Content is required for text lessons',
  videoRequiredForVideo: 'Video file is required for video lessons',
  certificateNotPdf: 'Invalid response format - not a PDF',

  // Sessions and guards (product.md §4, §6)
  invalidUserSession: 'Invalid user session. Please log in again.',
  loginToEnroll: 'Please log in to enroll in a course.',
  noPermission: "You don't have permission to access this page",
  guestMode: "Guest Mode: Your progress won't be saved",
  uploadProcessing: 'Upload complete, processing video...',
  sending: 'Sending...',
  contactPanelHeading: 'Prefer to leave us a message?',
  officeHours: '9:00AM - 18:00 PM',
  location: 'Kigali, Rwanda',
  selfPaced: 'Self-paced',
  // A course page's certificate fact: premium courses give one, free courses do not (pricing).
  certificateIncluded: 'Yes',
  certificateWithPremium: 'With Premium courses only',
  help: 'Help',

  // A premium lesson's video asked without a live signed link (decisions.md §5)
  mediaLinkInvalid: 'This video link has expired. Please open the lesson again to watch it.',

  // Error catalogue (product.md §8)
  contactSendFailed: 'Failed to send message',
  somethingWentWrong: 'Something went wrong',
  networkError: 'Network error. Please try again later.',
  subscribeSuccess: 'Thank you for subscribing! Check your email for confirmation.',
  loginFailed: 'Login failed. Please try again.',
  unexpectedResponse: 'Unexpected response. Please try again.',
  registerFailed: 'Registration failed. Please try again.',
  emailAlreadyExist: 'email already exist',
  otpFailed: 'Invalid OTP. Please try again.',
  invalidVerificationCode: 'invalid verification code',
  otpLoginAgain: 'Invalid OTP. Please log in again and verify with a new code.',
  sendNewCode: 'Send a new code',
  sendingNewCode: 'Sending a new code…',
  resendFailed: 'We could not send a new code. Please try again.',
  forgotFailed: 'Failed to send reset link. Please try again.',
  resetFailed: 'Invalid or expired token. Please request a new reset link.',
  courseCreated: 'Course created successfully!',
  courseCreateFailed: 'Failed to create course. Please try again.',
  blogCreated: 'blog created successfully!',
  blogCreateFailed: 'Failed to create blog. Please try again.',
  lessonAddFailed: 'Failed to add lesson. Please try again.',
  serverError: (status: number, message: string) => `Server error (${status}): ${message}`,
  noResponse: 'No response from server. Please check your connection and try again.',
  requestError: (message: string) => `Request error: ${message}`,
  profileFetchFailed: 'Failed to fetch profile. Please try again.',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  profileUpdated: 'Profile updated successfully!',
  contactDeleted: 'Message deleted successfully',
  contactDeleteFailed: 'Failed to delete message',
  contactLoadFailed: 'Failed to load contact details.',
  contactNotFound: 'Contact Not Found',
  premiumLoadFailed: 'Failed to load courses. Please try again later.',
  enrolFailed: 'Failed to enroll. Please try again later.',
  certificatesLoadFailed: 'Failed to load certificates',
  downloadFailed: (error: string) => `Download failed: ${error}`,
  downloadFailedStatus: (status: number) =>
    `Download failed with status ${status}. The certificate file may not be accessible.`,
  downloadNetworkError: 'Network error - could not connect to server',
  downloadRetry: 'Download failed - please try again',
  certificateGenerateFailed: 'Failed to generate certificate. Please try again later.',
  certificateGenerated:
    'Congratulations! You have completed the course. Your certificate has been generated and sent to your email.',
  lessonsLoadFailed: 'Failed to load course lessons. Please try again later.',
  courseNotFound: 'Course Not Found',
  courseDetailLoadFailed: 'Failed to load course details. Please try again.',
  noFreeCourses: 'No free courses available at the moment.',
  noPremiumCourses: 'No premium courses',
  noUsers: 'No users currently',
  noBlogs: 'No blogs currently',
  noSubscribers: 'No Subscribers currently',
  noCourses: 'No courses currently available',
  blogLoadFailed: 'Failed to load blog posts. Please try again later.',
  unexpectedApplicationError: 'Unexpected Application Error!',

  // Web app: the dashboard (tables, confirmations, forms, help)
  noMatches: (filter: string) => `Nothing matches “${filter}”.`,
  tableShowing: (first: number, last: number, total: number) =>
    `Showing ${first}–${last} of ${total}`,
  tablePage: (page: number, pages: number) => `Page ${page} of ${pages}`,
  listLoadFailed: 'Failed to load the list. Please try again.',
  statLoadFailed: 'Not available',
  noMessages: 'No messages currently',
  noCertificates: 'No certificates yet. Complete a premium course to earn one.',
  noLessons: 'No lessons yet. Add the first one below.',
  noSubLessons: 'No sub-lessons yet.',
  cannotBeUndone: 'This cannot be undone.',
  confirmDeleteCourse: (title: string) =>
    `Delete the course “${title}”? Its lessons, sub-lessons, enrolments and progress are deleted with it; certificates already issued stay valid.`,
  confirmDeleteLesson: (title: string) => `Delete the lesson “${title}” and its sub-lessons?`,
  confirmDeleteSubLesson: (title: string) => `Delete the sub-lesson “${title}”?`,
  confirmDeleteBlog: (title: string) => `Delete the blog post “${title}”?`,
  confirmDeleteUser: (name: string) =>
    `Delete the account of ${name}? Their enrolments and progress are deleted; their certificates stay verifiable.`,
  confirmRemoveSubscriber: (email: string) => `Remove ${email} from the newsletter?`,
  confirmDeleteContact: (name: string) => `Delete the message from ${name}?`,
  deleteFailed: 'Failed to delete. Please try again.',
  userCreateFailed: 'Failed to add the user. Please try again.',
  imageHint: 'SVG, PNG, JPG or GIF (max. 800x400px)',
  videoHint: 'MP4, WebM or QuickTime.',
  uploadProgress: (percent: number) => `Uploading video... ${percent}%`,
  uploadingText: 'Saving...',
  courseDetailIntro: 'Lessons and their sub-lessons, in the order learners take them.',
  enrolledInCourse: 'You are enrolled: continue where you left off.',
  premiumIntro: 'Enrol in a premium course to learn it lesson by lesson and earn a certificate.',
  certificatesIntro: 'Certificates of the premium courses you have completed.',
  allCertificatesIntro: 'Every certificate issued on the platform.',
  certificatePreviewFailed: 'The preview could not be loaded.',
  settingsIntro: 'Your profile as other people and certificates show it.',
  noBio: 'No bio yet.',
  contactDetailIntro: 'A message sent from the contact form.',

  // Greeting (product.md §9)
  goodMorning: 'Good Morning',
  goodAfternoon: 'Good Afternoon',
  goodEvening: 'Good Evening',

  // Web app: the public pages
  landingWelcome: 'Welcome to Ishuri',
  landingHeroText:
    'Learn new skills at your own pace with personalized, AI-driven courses, interactive lessons and progress tracking.',
  whatWeDoText:
    'Ishuri is an online learning platform from Kigali, Rwanda. We turn practical skills into short lessons you take in order, save your progress as you go, and give you a certificate when you finish a premium course.',
  explainerVideoUnavailable: 'The video cannot be played right now.',
  whyLearnIntro: 'Everything you need to learn online, in one place.',
  whyPersonalizedText: 'Courses that adapt to what you already know and what you want to learn.',
  whyInteractiveText: 'Video and text lessons with sub-lessons that keep each step short.',
  whyProgressText: 'Your progress is saved, so you always continue where you stopped.',
  whyCertificateText:
    'Finish a premium course and receive a PDF certificate that anyone can verify.',
  howItWorksIntro: 'Four steps from your first lesson to your certificate.',
  stepAccountText: 'Register for free with your email address.',
  stepCourseText: 'Start with a free course or enrol in a premium one.',
  stepLearnText: 'Complete the lessons and sub-lessons in order, at your own pace.',
  stepCertificateText: 'Complete a premium course and download your certificate.',
  featuredCoursesIntro: 'Start today with one of our free courses.',
  subscribeIntro:
    'Get new courses, study tips and news from our learners in your inbox. No spam; unsubscribe at any time.',
  pricingIntro: 'Start for free, and upgrade when you want certificates and every course.',
  freePlanText: 'For curious learners who want to try online learning.',
  premiumPlanText: 'For learners who want every course and a certificate to show for it.',
  planIncluded: 'Included',
  planNotIncluded: 'Not included',
  perMonth: 'per month',
  blogIntro: 'Study tips, platform news and stories from our learners.',
  blogPostLoadFailed: 'Failed to load this blog post. Please try again later.',
  exploreCoursesIntro: 'Free courses you can start right away, no account needed.',
  courseNoLessons: 'Lessons for this course are coming soon.',
  courseLoginToEnroll: 'Log in to enrol in this premium course and track your progress.',
  contactIntro:
    'Questions about a course, your account or a partnership? Send us a message and we will answer within two working days.',
  contactPanelText: 'You can also reach us on social media or visit our office.',

  // Web app: the shell and the sign-in screens
  skipToContent: 'Skip to main content',
  siteTagline:
    'Personalized, AI-driven courses with interactive lessons, progress tracking and certificates.',
  copyright: (year: number) => `© ${year} Ishuri. All rights reserved.`,
  opensInNewTab: '(opens in a new tab)',
  signedInAs: (name: string) => `Signed in as ${name}`,
  loginIntro: 'Welcome back! Log in to continue learning.',
  registerIntro: 'Create your free account and start learning today.',
  otpIntro: 'Enter the code we sent to your email to finish logging in.',
  otpIntroFor: (email: string) => `Enter the code we sent to ${email} to finish logging in.`,
  forgotIntro:
    'Enter the email of your account and we will send you a link to choose a new password.',
  resetIntro: 'Choose a new password of at least 8 characters.',
  passwordHint: 'At least 8 characters.',
  noAccountYet: "Don't have an account?",
  alreadyHaveAccount: 'Already have an account?',
  rememberedPassword: 'Remembered your password?',
  errorScreenHint: 'Something went wrong while showing this page. Please try again.',
  dashboardIntro: 'Your courses, progress and certificates will appear here.',

  // Web app: the learning player and certificate verification
  guestInvite: 'Create a free account to save your progress and earn certificates.',
  courseNotFoundHint: 'This course does not exist or is no longer available.',
  noLessonsYet: 'This course has no lessons yet. Please come back soon.',
  lockedItem: 'Complete the earlier lessons to open this one.',
  itemHasNoContent: 'This lesson has no content yet.',
  videoUnavailable: 'This video cannot be played right now.',
  progressSaveFailed: 'Your progress could not be saved. Please try again.',
  enrolToLearn: 'Enrol in this course to open its lessons and track your progress.',
  courseCompletedCertificate:
    'You have completed every lesson of this course. Your certificate is waiting for you.',
  freeCourseCompleted:
    'Well done, you have completed this free course! Free courses come without a certificate: take a premium course to earn one.',
  guestCourseCompleted:
    'Well done, you have reached the end of this course! Create a free account to keep your progress next time.',
  certificateReady: (code: string) => `Your certificate ${code} is ready.`,
  verifyIntro: 'Check that a certificate issued by Ishuri is genuine.',
  verifyValid: 'This certificate is genuine. It was issued by Ishuri.',
  verifyNotFound:
    'No certificate matches this code. Check that it was typed exactly as printed on the certificate.',
  verifyLoadFailed: 'Failed to verify the certificate. Please try again later.',

  // The server's own sentences
  invalidCredentials: 'Invalid email or password',
  verificationCodeExpired: 'verification code expired',
  wrongCode: (triesLeft: number) =>
    `That code is not right. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  newCodeSent: 'A new code has been sent to your email.',
  signinEnded: 'This sign-in has ended. Please log in again to get a new code.',
  tooManyNewCodes: 'You have asked for a new code too many times. Please log in again.',
  codeSent: 'A verification code has been sent to your email.',
  loginSuccess: 'Login successful',
  signupSuccess: 'Account created successfully. Please log in.',
  userCreated: 'User created successfully.',
  forgotSent: 'If an account exists for that email, a reset link has been sent.',
  resetSuccess: 'Your password has been reset. You can now log in.',
  logoutSuccess: 'You have been logged out.',
  roleNotAllowed: 'Only an admin can choose a role.',
  unauthenticated: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbidden: "You don't have permission to do this.",
  notFound: 'Not found.',
  // The kinds of course items, as the course page names them
  textLesson: 'Text lesson',
  videoLesson: 'Video lesson',
  openTheVideo: 'Open the video',
  sortNotPossible: (field: string) => `Sorting by "${field}" is not possible.`,
  sortUseOneOf: (fields: string) => `Use one of: ${fields}.`,
  badRequest: 'The request could not be understood.',
  mailFailed: 'We could not send the e-mail just now. Please try again.',
  emptyBody: 'The request body is empty.',
  invalidJson: 'The request body is not valid JSON.',
  contentTypeRefused: 'This content type is not accepted here.',
  multipartRequired: 'This request must be sent as a multipart form.',
  routeNotFound: 'There is nothing at this address.',
  methodNotAllowed: 'This address does not accept this kind of request.',
  userNotFound: 'User not found.',
  userDeleted: 'User deleted.',
  validationFailed: 'Some fields need your attention.',
  rateLimited: (seconds: number) => {
    const wait =
      seconds < 60
        ? `${seconds} second${seconds === 1 ? '' : 's'}`
        : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
    return `Too many attempts. Please try again in ${wait}.`;
  },
  controlCharacters: 'This field contains characters that are not allowed.',
  nameInvisible: 'Please enter a name with visible letters.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  lastAdmin: 'The platform needs at least one admin: this would leave none.',
  internalError: 'Something went wrong on our side. Please try again later.',
  payloadTooLarge: 'The request is too large.',
  imageTooLarge: 'The image is larger than 5 MB.',
  videoTooLarge: (limit: string) => `The video is larger than ${limit}.`,
  imageTypeNotAllowed: 'Only PNG, JPEG, GIF or WebP images are accepted.',
  videoTypeNotAllowed: 'Only MP4, WebM or QuickTime videos are accepted.',
  uploadIncomplete: 'The upload did not complete. Please try again.',
  uploadMalformed: 'The upload is not a valid form. Please try again.',
  unexpectedFile: (field: string) => `Send one file only, in the field "${field}".`,
  imageUnreadable: 'The image could not be read. It may be damaged or incomplete.',
  imageDimensionsTooLarge: 'The image is too large in width and height.',
  videoDamaged: 'The video file is incomplete or damaged.',
  fileNotFound: 'File not found.',
  rangeNotSatisfiable: 'The requested byte range is not part of this file.',
  courseTypeInvalid: 'Course type must be free or premium.',
  contentTypeInvalid: 'Content type must be text or video.',
  courseDeleted: 'Course deleted.',
  lessonCreated: 'Lesson added.',
  lessonDeleted: 'Lesson deleted.',
  subLessonCreated: 'Sub-lesson added.',
  subLessonDeleted: 'Sub-lesson deleted.',
  lessonNotFound: 'Lesson not found.',
  subLessonNotFound: 'Sub-lesson not found.',
  blogNotFound: 'Blog post not found.',
  blogDeleted: 'Blog post deleted.',
  contactSent: 'Thank you! Your message has been sent.',
  subscriberRemoved: 'Subscriber removed.',
  subscriberNotFound: 'Subscriber not found.',
  enrolled: 'You are enrolled in this course.',
  notEnrolled: 'Enrol in this course to open its lessons.',
  progressOutOfOrder: 'Complete the earlier lessons first.',
  progressSaved: 'Progress saved.',
  itemNotInCourse: 'This lesson is not part of that course.',
  certificateNotFound: 'Certificate not found.',
  progressItemNotFound: 'This lesson does not exist.',
  courseCompleted: 'You have completed the course.',
  progressIdsRequired: 'Both courseId and lessonId are required.',
  progressValueInvalid: 'progress must be a number from 0 to 100.',

  // Mail that finally failed (admin, decisions.md §6)
  failedMailTitle: 'Failed Mail',
  failedMailIntro:
    'Mail the server could not send: refused by the mail server, or still failing after 3 days of retries. Retry once the problem is fixed.',
  noFailedMail: 'No failed mail: every mail has been sent.',
  mailKindResetLink: 'Password reset link',
  mailKindCertificate: 'Certificate',
  mailKindMail: 'Notice',
  mailRetried: 'The mail is queued again and will be sent shortly.',
  mailNotFound: 'No failed mail with this id.',
  mailRetryFailed: 'Failed to retry the mail. Please try again.',

  // The certificate (PDF and e-mail)
  certificateHeading: 'Certificate of Completion',
  certificateAwardedTo: 'This certifies that',
  certificateCompletedCourse: 'has successfully completed the course',
  certificateIssuedOn: (date: string) => `Issued on ${date}`,
  certificateCodeLine: (code: string) => `Certificate code: ${code}`,
  certificateVerifyAt: (url: string) => `Verify this certificate at ${url}`,
  certificateMailSubject: (courseTitle: string) => `Your Ishuri certificate: ${courseTitle}`,
  certificateMailGreeting: (firstName: string) => `Hello ${firstName},`,
  certificateMailAttached: (courseTitle: string) =>
    `Your certificate for "${courseTitle}" is attached to this e-mail as a PDF.`,
  serviceUnavailable: 'The service is temporarily unavailable.',

  // Changing one's e-mail (decisions.md §2): the new address confirms by a mailed link
  emailChangeSent: (email: string) =>
    `Profile updated. We sent a link to ${email}: your e-mail changes once you open it.`,
  emailChangePending: (email: string) =>
    `Waiting for confirmation: open the link we sent to ${email} to make it your e-mail.`,
  emailChanged: 'Your e-mail address has been changed. Use it from now on to log in.',
  emailChangeLinkInvalid:
    'This link is invalid, already used or expired. Ask for the change again from your settings.',
  emailChangeConfirming: 'Confirming your new e-mail address…',

  // The newsletter (decisions.md §6): double opt-in and one-click unsubscribe
  subscriptionConfirmed: 'Your subscription is confirmed. Welcome to the Ishuri newsletter!',
  subscriptionLinkInvalid:
    'This confirmation link is invalid or no longer active. Please subscribe again.',
  subscriptionConfirming: 'Confirming your subscription…',
  unsubscribeQuestion: 'Do you want to stop receiving the Ishuri newsletter?',
  unsubscribed: 'You have been unsubscribed. You will not receive the newsletter any more.',
  unsubscribeLinkInvalid:
    'This unsubscribe link is invalid. Please check that it was copied whole.',
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
} as const;

/** Keys of the catalogue whose value is a plain sentence (not a function of some value). */
export type MessageKey = {
  [K in keyof typeof messages]: (typeof messages)[K] extends string ? K : never;
}[keyof typeof messages];
