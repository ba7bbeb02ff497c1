import { Button, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Tooltip } from '../../../theme/parts/tooltip';

export interface ToolButtonProps {
  label: string;
  /** Shown beside the label in the tooltip, e.g. the key. */
  hint?: string;
  active?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  children: ReactNode;
  'data-testid'?: string;
}

/** A compact toolbar button with a tooltip naming it (and its key); pressed state for tools. */
export function ToolButton({ label, hint, active, disabled, onClick, children, ...rest }: ToolButtonProps) {
  return (
    <Tooltip.Root openDelay={400} closeDelay={50} positioning={{ placement: 'bottom' }}>
      <Tooltip.Trigger asChild>
        {/* A disabled button gets no pointer events: the span keeps its tooltip reachable. */}
        <span style={{ display: 'inline-flex' }}>
          <Button
            size="xs"
            variant={active ? 'solid' : 'ghost'}
            colorPalette={active ? 'brand' : 'gray'}
            aria-label={label}
            aria-pressed={active === undefined ? undefined : active}
            disabled={disabled}
            onClick={onClick}
            minW="8"
            px="2"
            {...rest}
          >
            {children}
          </Button>
        </span>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{hint ? `${label} (${hint})` : label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
