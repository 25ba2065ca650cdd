import { useState, type ReactNode } from 'react';
import { Button, Modal } from 'antd';

function isAccepted(storageKey: string, acceptedValue: string): boolean {
  try {
    return localStorage.getItem(storageKey) === acceptedValue;
  } catch {
    return false;
  }
}

export interface AcceptOnceModalProps {
  /** Where the acceptance is remembered (localStorage, per browser). */
  storageKey: string;
  /** What is stored on acceptance (and read back). */
  acceptedValue: string;
  title: string;
  acceptLabel: string;
  destroyOnHidden?: boolean;
  children: ReactNode;
}

/**
 * A reminder that must be accepted before a screen is used: no close button, no Escape, no mask
 * click; once accepted it is not shown again in this browser (if storage refuses, it asks again next time).
 */
export function AcceptOnceModal(props: AcceptOnceModalProps) {
  const { storageKey, acceptedValue, title, acceptLabel, destroyOnHidden, children } = props;
  const [open, setOpen] = useState(() => !isAccepted(storageKey, acceptedValue));
  const accept = () => {
    try {
      localStorage.setItem(storageKey, acceptedValue);
    } catch {
      // storage refused: kept for this visit only
    }
    setOpen(false);
  };
  const footer = (
    <Button type="primary" onClick={accept}>
      {acceptLabel}
    </Button>
  );
  return (
    <Modal {...{ open, title, footer, destroyOnHidden }} closable={false} mask={{ closable: false }} keyboard={false}>
      {children}
    </Modal>
  );
}
