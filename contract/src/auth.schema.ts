import { z } from 'zod';
import {
  EMAIL_PATTERN,
  flagSchema,
  idSchema,
  lettersAnd,
  messageResponseSchema,
  requiredText,
  staffListQuerySchema,
  type StaffListQuery,
} from './common.schema';
import { PASSWORD_MIN_LENGTH, PHONE_DIGITS, ROLES } from './constants';

// Messages are the product's fixed wording, never reworded. Examples are what Swagger UI puts in a request it
// drafts; without them it invents strings from the patterns, which no rule accepts.

export const emailSchema = requiredText('Email is required.')
  // Stored and compared composed: an "é" typed as an e and an accent is the same address as one typed whole.
  .normalize('NFC')
  // An over-long address stops here: no pattern runs on it.
  .max(254, { error: 'Invalid email format.', abort: true })
  .regex(EMAIL_PATTERN, 'Invalid email format.')
  .meta({ example: 'ada@example.com' });

/** Register's password rules; reset-password and the first admin's configured password use the same. */
export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`)
  .max(128, 'Password must be at most 128 characters long.')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter.')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter.')
  .regex(/\d/, 'Password must contain at least one number.')
  .regex(/[@$!%*?&]/, 'Password must contain at least one special character (@, $, !, %, *, ?, &).')
  .meta({ example: 'Secret@123' });

const personName = (label: string) =>
  requiredText(`${label} is required.`)
    // Stored composed: an accent typed as a separate mark is joined to its letter where Unicode has
    // the two as one.
    .normalize('NFC')
    .max(50, `${label} must be at most 50 letters.`)
    .regex(lettersAnd(), `${label} should contain only letters.`)
    .meta({ example: label === 'First name' ? 'Ada' : 'Lovelace' });

/** A phone number: a registering user's, and a delivery address's. */
export const phoneSchema = requiredText('Phone number is required.')
  .regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), `Phone number must be exactly ${PHONE_DIGITS} digits.`)
  .meta({ example: '0123456789' });

export const registerSchema = z.object({
  first_name: personName('First name'),
  last_name: personName('Last name'),
  email: emailSchema,
  password: passwordSchema,
  ph_no: phoneSchema,
});

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(128, 'Password must be at most 128 characters long.')
    .meta({ example: 'Secret@123' }),
  remember: flagSchema('remember').optional().default(false),
});

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .normalize('NFC')
    .max(254, { error: 'Please enter a valid email address', abort: true })
    .regex(EMAIL_PATTERN, 'Please enter a valid email address')
    .meta({ example: 'ada@example.com' }),
});
/** Shown on submit of an invalid forgot-password address. */
export const FORGOT_PASSWORD_SUBMIT_ERROR = 'Invalid email format';

export const resetPasswordSchema = z.object({ newPassword: passwordSchema });
export const resetPasswordParamsSchema = z.object({
  userId: z.string().max(200),
  token: z.string().max(200),
});
export const tokenParamsSchema = z.object({ token: z.string().max(200) });
export const INVALID_LINK_MESSAGE = 'Invalid link';

const userSchema = z.object({
  _id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  ph_no: z.string(),
  role: z.enum(ROLES),
  created_at: z.string(),
});

export const registerResponseSchema = z.object({ message: z.string(), user: userSchema });
// `role` beside `user` on login, and the user's fields beside `user` on /me, are what the product's
// original client reads (docs/decisions/0012); our client reads the nested `user`.
export const loginResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  role: userSchema.shape.role,
  user: userSchema,
});
export const meResponseSchema = userSchema.extend({ user: userSchema });
export const validateTokenResponseSchema = z.object({ status: z.boolean() });
/**
 * A reset's answer names the account's e-mail (its link's holder has just set its password), so the login
 * page the patient goes on to starts with it: the link carries only the user's id.
 */
export const resetPasswordResponseSchema = messageResponseSchema.extend({ email: userSchema.shape.email });
/**
 * GET /auth/get-all-users: every user, oldest first, or one page of them with `page` or `limit`
 * (the other defaults to page 1 or USERS_PAGE_SIZE); `q` keeps those whose name or e-mail holds
 * it. `total` counts every match, not the page.
 */
export const userListQuerySchema = staffListQuerySchema;
export type UserListQuery = StaffListQuery;
export const usersResponseSchema = z.object({ users: z.array(userSchema), total: z.number().int() });
/** An admin sets a user's role; the last admin keeps theirs. */
export const updateUserRoleSchema = z.object({
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}.` }),
});
export const userResponseSchema = z.object({ user: userSchema });
export const deleteUserResponseSchema = z.object({ message: z.string(), user: userSchema });
export { messageResponseSchema };

export type RegisterInput = z.input<typeof registerSchema>;
export type Register = z.infer<typeof registerSchema>;
export type LoginInput = z.input<typeof loginSchema>;
export type Login = z.infer<typeof loginSchema>;
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;
export type ResetPassword = z.infer<typeof resetPasswordSchema>;
export type User = z.infer<typeof userSchema>;
export type UsersResponse = z.infer<typeof usersResponseSchema>;
export type UpdateUserRole = z.infer<typeof updateUserRoleSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
export type MeResponse = z.infer<typeof meResponseSchema>;
export type ValidateTokenResponse = z.infer<typeof validateTokenResponseSchema>;
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;
export type UserResponse = z.infer<typeof userResponseSchema>;
export type DeleteUserResponse = z.infer<typeof deleteUserResponseSchema>;
export type ResetPasswordParams = z.infer<typeof resetPasswordParamsSchema>;
