throw new Error('msgpackr-extract is stubbed out; msgpackr uses its JavaScript implementation');
