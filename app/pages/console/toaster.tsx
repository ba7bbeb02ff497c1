import { Portal, Stack } from '@chakra-ui/react';
import { createToaster, Toast, Toaster } from '../../theme/parts/toast';

/** Console notices such as 'Saved successfully.' (spec section 8). */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true });

export function ConsoleToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
