/** What the global setup started, passed to the workers through the environment. */
function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the suite with playwright test (global setup)`);
  return value;
}

export const e2eEnv = {
  get baseURL() {
    return required('E2E_BASE_URL');
  },
  get mailDir() {
    return required('E2E_MAIL_DIR');
  },
  get admin() {
    return { email: required('E2E_ADMIN_EMAIL'), password: required('E2E_ADMIN_PASSWORD') };
  },
};
