import { useId, useState, type KeyboardEvent } from 'react';
import { Button, Input } from '../../../components/ui.tsx';
import type { UserPost } from '../api/get-user-posts.ts';
import { UserPostPicker } from './user-post-picker.tsx';

/**
 * The 职务 field of the user form (JeecgBoot `j-select-position`): a read-only input with the chosen
 * position names and a 选择 button (Enter or Space on the input too) opening 选择职务 with the
 * chosen codes selected. Without the right to list positions the button is disabled and says why.
 */
export function UserPostField({
  codes,
  names,
  error,
  canPick,
  onChange,
}: {
  codes: string[];
  /** code → name; a code without a name shows as itself */
  names: ReadonlyMap<string, string>;
  error?: string;
  canPick: boolean;
  onChange(posts: UserPost[]): void;
}) {
  const id = useId();
  const [picking, setPicking] = useState(false);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    // Enter would submit the user form
    e.preventDefault();
    if (canPick) setPicking(true);
  };
  return (
    <div className="space-y-1 text-sm">
      <label htmlFor={id} className="block text-gray-600">
        职务
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={codes.map((c) => names.get(c) ?? c).join(',')}
          placeholder="请选择职务"
          aria-describedby={canPick ? undefined : `${id}-hint`}
          onKeyDown={onKeyDown}
        />
        <Button onClick={() => setPicking(true)} disabled={!canPick} aria-label="选择职务">
          选择
        </Button>
      </div>
      {!canPick && (
        <span id={`${id}-hint`} className="block text-xs text-gray-500">
          无权查看职务列表，不能选择职务
        </span>
      )}
      {error ? (
        <span role="alert" className="block text-xs text-red-600">
          {error}
        </span>
      ) : null}
      <UserPostPicker
        open={picking}
        codes={codes}
        onCancel={() => setPicking(false)}
        onConfirm={(posts) => {
          setPicking(false);
          onChange(posts);
        }}
      />
    </div>
  );
}
