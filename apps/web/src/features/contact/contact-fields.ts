/** The contact form's fields, in the order product.md §5 lists them. */
export const contactFields = ['FullName', 'email', 'phone', 'subject', 'message'] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactValues = Record<ContactField, string>;
