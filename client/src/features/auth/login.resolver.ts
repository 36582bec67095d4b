import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@apotheca/contract';

/** The login form's rules, the contract's (login-form.tsx loads them when the form is first used). */
export const loginResolver = zodResolver(loginSchema);
