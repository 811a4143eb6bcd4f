import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, users } from './db/schema';
import { createUser, DEFAULT_PASSWORD } from './test/factories';
import type { TestUser } from './test/factories';
import { createCourseWithItems, enrol } from './test/learning-factories';
import { readPdf } from './test/pdf';
import { startTestServer } from './test/server';
import type { TestServer } from './test/server';
import { startSmtp } from './test/smtp';
import type { TestSmtp } from './test/smtp';

/**
 * The account's language (decisions.md §8; issue 16): chosen at sign-up (the request's
 * language) or with PUT /api/user/language, it is the language of everything the server says
 * to its user, whatever the request's Accept-Language: error sentences, mails made at once or
 * by a job later, the certificate's PDF (with English beside) and its mail. The expected texts
 * are the French and Kinyarwanda catalogues' (packages/contract/src/locales), written out.
 */
let server: TestServer;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const english = { 'accept-language': 'en' };

const setLanguage = (user: TestUser, language: unknown) =>
  server.request('PUT', '/api/user/language', { token: user.token, body: { language } });

const profileOf = async (user: TestUser) => {
  const answer = await server.request('GET', '/api/user/profile', { token: user.token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data as { language: string | null };
};

const unknownCourse = (user: TestUser) =>
  server.request('GET', `/api/course/single/${randomUUID()}`, {
    token: user.token,
    headers: english,
  });

const mailTo = (email: string, after: number) =>
  smtp.waitFor(email, (mail) => smtp.mails.indexOf(mail) >= after);

describe('the language on the account', () => {
  it('is the language one signed up in; none for an account made by an admin', async () => {
    const email = `inka-${Date.now()}@example.com`;
    const signup = await server.request('POST', '/api/auth/signup', {
      body: { firstName: 'Inka', lastName: 'Mugabo', email, password: DEFAULT_PASSWORD },
      headers: { 'accept-language': 'rw-RW,rw;q=0.9,en;q=0.5' },
    });
    expect(signup.status, signup.text).toBe(201);
    const noHeader = await server.request('POST', '/api/auth/signup', {
      body: {
        firstName: 'Ana',
        lastName: 'Keza',
        email: `ana-${Date.now()}@example.com`,
        password: DEFAULT_PASSWORD,
      },
    });
    expect(noHeader.status).toBe(201);
    const admin = await createUser(server, { role: 'admin' });
    const made = await server.request('POST', '/api/auth/signup', {
      token: admin.token,
      body: {
        firstName: 'Made',
        lastName: 'ByAdmin',
        email: `made-${Date.now()}@example.com`,
        password: DEFAULT_PASSWORD,
        role: 'instructor',
      },
      headers: { 'accept-language': 'fr' },
    });
    expect(made.status, made.text).toBe(201);

    const languageOf = async (id: string) =>
      (
        await server.ctx.database.db
          .select({ language: users.language })
          .from(users)
          .where(eq(users.id, id))
      )[0]?.language;
    expect(await languageOf(signup.body.data.id)).toBe('rw');
    expect(await languageOf(noHeader.body.data.id)).toBeNull();
    expect(await languageOf(made.body.data.id)).toBeNull();
  });

  it('is chosen with PUT /api/user/language, shown in the profile, and refused unknown', async () => {
    const user = await createUser(server);
    expect((await profileOf(user)).language).toBeNull();
    const chosen = await setLanguage(user, 'fr');
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body).toEqual({ data: { language: 'fr' } });
    expect((await profileOf(user)).language).toBe('fr');

    for (const wrong of ['de', 'FR', '', null, 42]) {
      const refused = await setLanguage(user, wrong);
      expect(refused.status, String(wrong)).toBe(400);
      // Said in the account's language, as everything else.
      expect(refused.body.fields).toEqual({
        language:
          "Choisissez l'une des langues proposées : kinyarwanda, anglais, français ou swahili.",
      });
    }
    expect((await profileOf(user)).language).toBe('fr');
    const visitor = await server.request('PUT', '/api/user/language', {
      body: { language: 'fr' },
    });
    expect(visitor.status).toBe(401);
  });

  it('speaks in place of Accept-Language, from the next request on (sessions kept too)', async () => {
    const user = await createUser(server);
    // No language on the account: the request's.
    expect((await unknownCourse(user)).body.error).toBe('Course Not Found');
    expect((await setLanguage(user, 'rw')).status).toBe(200);
    const rw = await unknownCourse(user);
    expect([rw.status, rw.body.code, rw.body.error]).toEqual([
      404,
      'COURSE_NOT_FOUND',
      'Isomo ntiryabonetse',
    ]);
    expect((await setLanguage(user, 'fr')).status).toBe(200);
    expect((await unknownCourse(user)).body.error).toBe('Cours introuvable');
    // Another user's choice is theirs alone.
    const other = await createUser(server);
    expect((await unknownCourse(other)).body.error).toBe('Course Not Found');
  });
});

describe('mails in the account’s language', () => {
  let learner: TestUser;
  beforeAll(async () => {
    learner = await createUser(server, { firstName: 'Claire' });
    expect((await setLanguage(learner, 'fr')).status).toBe(200);
  });

  it('the sign-in code, asked in English', async () => {
    const before = smtp.mails.length;
    const signin = await server.request('POST', '/api/auth/signin', {
      body: { email: learner.email, password: DEFAULT_PASSWORD },
      headers: english,
    });
    expect(signin.status, signin.text).toBe(200);
    const mail = await mailTo(learner.email, before);
    const code = /\d{6}/.exec(mail.subject ?? '')?.[0];
    expect(mail.subject).toBe(`Votre code de connexion Ishuri\u00a0: ${code}`);
    expect(mail.text).toContain('Bonjour Claire,');
    expect(mail.text).toContain(`Votre code de connexion est ${code}. Il est valable 10 minutes.`);
    expect(mail.html).toContain('<html lang="fr">');
  });

  it('the password reset link, made later by a job', async () => {
    const before = smtp.mails.length;
    const asked = await server.request('POST', '/api/auth/forgotpassword', {
      body: { email: learner.email },
      headers: english,
    });
    expect(asked.status).toBe(200);
    const mail = await mailTo(learner.email, before);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Ishuri');
  });

  it('a job speaks the language of the request that queued it when the account has none', async () => {
    const user = await createUser(server);
    const before = smtp.mails.length;
    const asked = await server.request('POST', '/api/auth/forgotpassword', {
      body: { email: user.email },
      headers: { 'accept-language': 'sw' },
    });
    expect(asked.status).toBe(200);
    const mail = await mailTo(user.email, before);
    expect(mail.subject).toBe('Badilisha nenosiri lako la Ishuri');
  });
});

describe('a certificate in French', () => {
  it('is issued, drawn and mailed in French, with English beside it on the paper', async () => {
    const learner = await createUser(server, { firstName: 'Aline', lastName: 'Uwase' });
    expect((await setLanguage(learner, 'fr')).status).toBe(200);
    const course = await createCourseWithItems(server, [1], {
      courseType: 'premium',
      title: 'Agriculture durable',
    });
    await enrol(server, learner.id, course.id);
    const before = smtp.mails.length;
    let last;
    for (const lessonId of course.items) {
      last = await server.request('POST', '/api/progress/upsert', {
        token: learner.token,
        body: { courseId: course.id, lessonId, progress: 100 },
        headers: english,
      });
      expect(last.status, last.text).toBe(200);
    }
    const certificateId = last!.body.data.certificateId as string;
    const [row] = await server.ctx.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.id, certificateId));
    expect(row!.language).toBe('fr');

    const mail = await mailTo(learner.email, before);
    expect(mail.subject).toBe('Votre certificat Ishuri\u00a0: Agriculture durable');
    expect(mail.text).toContain('Bonjour Aline,');
    expect(mail.text).toContain(
      'Votre certificat pour le cours «\u00a0Agriculture durable\u00a0» est joint à cet e-mail au format PDF.',
    );
    expect(mail.text).toContain(`Code du certificat\u00a0: ${row!.certificateCode}`);
    expect(mail.html).toContain('<html lang="fr">');

    const issued = new Intl.DateTimeFormat('fr', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Africa/Kigali',
    }).format(row!.createdAt);
    const attached = await readPdf(new Uint8Array(mail.attachments[0]!.content));
    for (const line of [
      'Certificat de réussite',
      'Certificate of Completion',
      'Nous certifions que · This certifies that',
      'Aline Uwase',
      'a suivi avec succès le cours · has successfully completed the course',
      'Agriculture durable',
      `Délivré le ${issued}`,
      // (pdf.js reads a no-break space as a space)
      `Code du certificat : ${row!.certificateCode}`,
      'Vérifiez ce certificat sur',
    ]) {
      expect(attached.text).toContain(line);
    }
    // Downloaded later, whatever the reader's language now, it is the same paper.
    expect((await setLanguage(learner, 'sw')).status).toBe(200);
    const download = await fetch(`${server.baseUrl}/api/certificate/download/${certificateId}`, {
      headers: { authorization: `Bearer ${learner.token}` },
    });
    expect(download.status).toBe(200);
    const downloaded = await readPdf(new Uint8Array(await download.arrayBuffer()));
    expect(downloaded.text).toContain('Certificat de réussite');
  });

  it('an English certificate carries no second language', async () => {
    const learner = await createUser(server);
    expect((await setLanguage(learner, 'en')).status).toBe(200);
    const course = await createCourseWithItems(server, [0], { courseType: 'premium' });
    await enrol(server, learner.id, course.id);
    const answer = await server.request('POST', '/api/progress/upsert', {
      token: learner.token,
      body: { courseId: course.id, lessonId: course.items[0], progress: 100 },
      headers: { 'accept-language': 'fr' },
    });
    expect(answer.status, answer.text).toBe(200);
    const id = answer.body.data.certificateId as string;
    expect(id).toEqual(expect.any(String));
    const download = await fetch(`${server.baseUrl}/api/certificate/download/${id}`, {
      headers: { authorization: `Bearer ${learner.token}` },
    });
    expect(download.status).toBe(200);
    const { text } = await readPdf(new Uint8Array(await download.arrayBuffer()));
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain('This certifies that');
    expect(text).not.toContain('·');
    expect(text).not.toContain('réussite');
  });
});
