import { z } from 'zod';

/** A course is free or premium (product.md §2); the role matrix reads it too. */
export const courseTypes = ['free', 'premium'] as const;
export const courseTypeSchema = z.enum(courseTypes);
export type CourseType = z.infer<typeof courseTypeSchema>;
