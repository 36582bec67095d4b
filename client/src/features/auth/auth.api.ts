import type {
  ForgotPassword,
  LoginInput,
  LoginResponse,
  MeResponse,
  MessageResponse,
  RegisterInput,
  RegisterResponse,
  ResetPassword,
  ResetPasswordParams,
  ResetPasswordResponse,
  ValidateTokenResponse,
} from '@apotheca/contract';
import { api, apiPath, endSession } from '../../lib/api';
import { storeSession, storeUser } from '../../lib/auth-storage';
import { loggedIn, userRefreshed } from './auth.slice';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<RegisterResponse, RegisterInput>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    login: build.mutation<LoginResponse, LoginInput>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body, credentials: 'include' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // A refused login is the form's to answer (its toast); nothing is stored.
        const fulfilled = await queryFulfilled.catch(() => null);
        if (!fulfilled) return;
        const { data } = fulfilled;
        storeSession(data.token, data.user);
        dispatch(loggedIn(data.user));
      },
    }),
    logout: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/auth/logout' }),
      // Logged in becomes logged out whether or not the server still knew the token.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        endSession(dispatch);
        dispatch(api.util.resetApiState());
      },
    }),
    me: build.query<MeResponse, void>({
      query: () => '/auth/me',
      providesTags: ['Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          storeUser(data.user);
          dispatch(userRefreshed(data.user));
        } catch {
          // A token the server no longer takes: the stored token and user are removed, which logs the user out.
          endSession(dispatch);
        }
      },
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPassword>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    validateResetToken: build.query<ValidateTokenResponse, string>({
      query: (token) => ({ url: apiPath`/auth/validate-token/${token}`, method: 'POST' }),
    }),
    resetPassword: build.mutation<ResetPasswordResponse, ResetPassword & ResetPasswordParams>({
      query: ({ userId, token, newPassword }) => ({
        url: apiPath`/auth/reset-password/${userId}/${token}`,
        method: 'POST',
        body: { newPassword },
      }),
    }),
  }),
});

export const {
  useRegisterMutation,
  useLoginMutation,
  useLogoutMutation,
  useMeQuery,
  useForgotPasswordMutation,
  useValidateResetTokenQuery,
  useResetPasswordMutation,
} = authApi;
