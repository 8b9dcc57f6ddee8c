"""What the site answers when it turns a user down: uploads, submissions and moderation all raise a
Refused, so every view and the API answer the same three things."""


class Refused(Exception):
    """Nothing was done. `code` is stable for programs ("upload:too-large"), the message is for
    people, `status` is the HTTP answer."""

    def __init__(self, code, message, status=400):
        super().__init__(message)
        self.code, self.status = code, status

    @property
    def message(self):
        return str(self)
