// The recruiting assistant's texts on /careers (product.md 2.1): the local stand-in's panel says
// plainly that it is a stand-in, so nobody takes it for the real assistant.

export const STAND_IN_TEXTS = {
  open: 'Questions about working here?',
  heading: 'Questions about working here',
  marker: 'Local stand-in for the recruiting assistant: answers here are samples, not the real assistant.',
  close: 'Close',
  answers: [
    ['Do I need experience?', 'No. Training is paid from your first shift.'],
    ['Can I work part time?', 'Yes: days, evenings, overnights and weekends.'],
    ['How do I apply?', 'Ask the manager on duty at any store, or send us a message and choose Employment.'],
  ],
  contact: 'Send us a message',
} as const;
