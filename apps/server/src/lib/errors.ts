/** The one error family services throw; plugins/errors.ts maps each to its status and envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: { field: string; problem: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadInput extends AppError {
  constructor(message: string, details?: { field: string; problem: string }[]) {
    super(400, message, details);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Unauthorized request') {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooLarge extends AppError {
  constructor(message = 'File too large') {
    super(413, message);
  }
}
export class UnsupportedMedia extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}
