import { Button, CloseButton, Portal } from '@chakra-ui/react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../theme/parts/dialog';

/** Spec section 9: dialog defaults (px) and the mobile breakpoint (full screen at ≤ 768 px). */
export const DIALOG_DEFAULTS = { width: 500, height: 120, maxWidth: 1080, maxHeight: 900 } as const;
/** Chakra's `md` is `min-width: 768px`, which would leave 768 itself out; the spec includes it. */
export const DIALOG_MOBILE_QUERY = '@media (max-width: 768px)';

/** What the dialog reports when it asks to close: `answer` is true only after a confirm. */
export interface DialogResult {
  answer: boolean;
}

export interface AppDialogProps {
  /** Whether the dialog is shown (controlled: set it to false in `onClose`). */
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /**
   * The dialog asks to close. `{ answer: false }` is the spec's "no answer" event: close button,
   * Escape, a click on the backdrop or the cancel button. `{ answer: true }` follows a confirm
   * when `autoClose` is on (after `onConfirm`). Either way, set `open` to false here.
   */
  onClose: (result: DialogResult) => void;
  /** Confirm handler; the confirm button is shown only when it is given. */
  onConfirm?: () => void;
  /** Confirm button text (default '확인' / 'OK'). */
  confirmText?: ReactNode;
  /** Cancel button text (default '취소' / 'Cancel'); `null` hides the cancel button. */
  cancelText?: ReactNode | null;
  /** Disable the confirm button (and Enter), e.g. while a form is invalid or saving. */
  confirmDisabled?: boolean;
  /** Close after a confirm (default true). When false, `onConfirm` decides, e.g. after saving. */
  autoClose?: boolean;
  /** Enter confirms (default false); never from a text area, a button or during IME composition. */
  enterConfirm?: boolean;
  /** Full screen at widths up to 768 px (default false). */
  mobileFull?: boolean;
  /** Width in px (default 500), capped by `maxWidth` and the viewport. */
  width?: number;
  /** Minimum height in px (default 120). */
  height?: number;
  /** Maximum width in px (default 1080). */
  maxWidth?: number;
  /** Maximum height in px (default 900); the body scrolls beyond it. */
  maxHeight?: number;
}

/** Whether Enter on this element should confirm: not where Enter has its own meaning. */
function enterMayConfirm(event: KeyboardEvent<HTMLElement>): boolean {
  // Korean input: the Enter that ends a Hangul composition must not submit the dialog.
  if (event.nativeEvent.isComposing || event.keyCode === 229) return false;
  if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
  const target = event.target as HTMLElement;
  if (target.isContentEditable) return false;
  return !target.closest('textarea, button, a[href], select, [role="button"], [role="combobox"], [role="listbox"]');
}

/**
 * The product's dialog (spec section 4), on Chakra's Dialog: a title, a close button, the
 * content, and cancel / confirm buttons. See {@link AppDialogProps.onClose} for the events.
 */
export function AppDialog({
  open,
  title,
  children,
  onClose,
  onConfirm,
  confirmText,
  cancelText,
  confirmDisabled = false,
  autoClose = true,
  enterConfirm = false,
  mobileFull = false,
  width = DIALOG_DEFAULTS.width,
  height = DIALOG_DEFAULTS.height,
  maxWidth = DIALOG_DEFAULTS.maxWidth,
  maxHeight = DIALOG_DEFAULTS.maxHeight,
}: AppDialogProps) {
  const { t } = useTranslation('ui');
  const canConfirm = onConfirm !== undefined && !confirmDisabled;

  const confirm = () => {
    if (!canConfirm) return;
    onConfirm();
    if (autoClose) onClose({ answer: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || !enterConfirm || !canConfirm || !enterMayConfirm(event)) return;
    event.preventDefault();
    confirm();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose({ answer: false });
      }}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4" css={mobileFull ? { [DIALOG_MOBILE_QUERY]: { padding: 0 } } : undefined}>
          <Dialog.Content
            w={`${width}px`}
            maxW={`min(${maxWidth}px, 100%)`}
            minH={`${height}px`}
            maxH={`min(${maxHeight}px, calc(100dvh - 2rem))`}
            onKeyDown={onKeyDown}
            css={
              mobileFull
                ? {
                    [DIALOG_MOBILE_QUERY]: {
                      width: '100%',
                      maxWidth: '100%',
                      height: '100dvh',
                      maxHeight: '100dvh',
                      minHeight: '100dvh',
                      margin: 0,
                      borderRadius: 0,
                    },
                  }
                : undefined
            }
            data-mobile-full={mobileFull || undefined}
          >
            <Dialog.Header pe="12">
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {(onConfirm !== undefined || cancelText !== null) && (
              <Dialog.Footer>
                {cancelText !== null && (
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">{cancelText ?? t('dialog.cancel')}</Button>
                  </Dialog.ActionTrigger>
                )}
                {onConfirm !== undefined && (
                  <Button colorPalette="brand" onClick={confirm} disabled={confirmDisabled}>
                    {confirmText ?? t('dialog.confirm')}
                  </Button>
                )}
              </Dialog.Footer>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('dialog.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
