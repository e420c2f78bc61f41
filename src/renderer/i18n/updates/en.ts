const en = {
  ready: 'Stockdesk {{version}} is downloaded. It is installed when you close Stockdesk, or now if you restart.',
  restartNow: 'Restart now',
  later: 'Later',
  waiting: 'Stockdesk restarts into {{version}} as soon as the changes being sent now have reached the server.',
  refused: {
    unmarked: 'Stockdesk {{version}} is available, but its release does not say whether it can open this computer’s data, so it is not installed. Ask whoever looks after Stockdesk.',
    mirrorTooNew: 'Stockdesk {{version}} is available, but it cannot open this computer’s data, which a newer Stockdesk wrote, so it is not installed. Ask whoever looks after Stockdesk.',
    mirrorTooOld: 'Stockdesk {{version}} is available, but it can no longer upgrade data as old as this computer’s, so it is not installed. Ask whoever looks after Stockdesk.',
  },
};
export default en;
