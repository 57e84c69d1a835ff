import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@streamhub/contract';
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

/** POST /api/users/register as multipart (confirmPassword is never sent). */
export function register({ fullname, username, email, password, avatar, signal }: RegisterInput) {
  const form = new FormData();
  form.append('fullname', fullname);
  form.append('username', username);
  form.append('email', email);
  form.append('password', password);
  form.append('avatar', avatar);
  return api.post<CurrentUser>('/api/users/register', { form, signal });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: () => {
      queryClient.clear();
      syncCurrentUserFromCookie();
    },
  });
}
