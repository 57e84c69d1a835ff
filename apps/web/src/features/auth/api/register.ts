import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisteredUser } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { syncCurrentUserFromCookie } from '@/lib/auth';

export type RegisterInput = {
  fullname: string;
  username: string;
  email: string;
  password: string;
  avatar: File;
  signal?: AbortSignal;
};

/**
 * POST /api/users/register as multipart (confirmPassword is never sent). With registrations in
 * `approval` mode the account waits for an admin: `approvalPending`, and no session (API.md §12).
 */
export function register({ fullname, username, email, password, avatar, signal }: RegisterInput) {
  const form = new FormData();
  form.append('fullname', fullname);
  form.append('username', username);
  form.append('email', email);
  form.append('password', password);
  form.append('avatar', avatar);
  return api.post<RegisteredUser>('/api/users/register', { form, signal });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal is the form's to show, not a reason to go to sign-in (lib/query-client.ts).
    meta: { anonymous: true },
    mutationFn: register,
    onSuccess: () => {
      queryClient.clear();
      syncCurrentUserFromCookie();
    },
  });
}
