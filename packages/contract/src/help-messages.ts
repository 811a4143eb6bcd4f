/**
 * The help screen's sentences (/dashboard/help), kept in their own module (beside
 * messages.ts) so that only that screen loads them.
 */
export const helpMessages = {
  intro: 'Everything you need to learn on Ishuri, from your first course to your certificate.',
  enrolTitle: 'Enrol in a course',
  enrolBody:
    'Free courses are open to everyone: open one from Explore Courses and start learning. Premium courses are listed under Premium Course in this dashboard; choose Enrol on a course, then Continue to open it.',
  learnTitle: 'Learn in order',
  learnBody:
    'A course is a sequence of lessons, each followed by its sub-lessons. Take them in order: an item opens once every earlier item is complete. Choose Mark Complete when you have finished an item; a video marks itself complete when it ends. Your progress is saved, so you can come back at any time.',
  certificateTitle: 'Get your certificate',
  certificateBody:
    'When you complete the last item of a premium course, Get Certificate appears. Your PDF certificate is generated, e-mailed to you, and kept under Certificates, where you can view and download it. Free courses do not give a certificate.',
  verifyTitle: 'Verify a certificate',
  verifyBody:
    'Every certificate carries a code such as ISH-7K2M-9QX4 and a QR code. Scanning the QR code, or opening /verify/ followed by the code, shows the learner’s name, the course and the date, so that anyone can check that a certificate is genuine.',
  supportTitle: 'Reach support',
  supportBody:
    'Write to us from the contact page or by e-mail; we answer during office hours, Monday to Friday.',
} as const;
