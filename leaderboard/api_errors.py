"""Every API error answers with a stable `code` and a `detail` saying what went wrong; an invalid
request also names each field's problems (under the field's name, as DRF always answered, so
existing clients keep working) and, for a field that takes one of a set of values, the valid ones
(`choices`), so a program or a person can correct the request at once."""
from django.http import Http404
from rest_framework import exceptions, serializers
from rest_framework.views import exception_handler

CODES = [
    (exceptions.ValidationError, "request:invalid"),
    (exceptions.NotAuthenticated, "auth:not-authenticated"),
    (exceptions.AuthenticationFailed, "auth:failed"),
    (exceptions.PermissionDenied, "auth:forbidden"),
    (exceptions.NotFound, "not-found"),
    (Http404, "not-found"),
    (exceptions.MethodNotAllowed, "request:method-not-allowed"),
    (exceptions.NotAcceptable, "request:not-acceptable"),
    (exceptions.UnsupportedMediaType, "request:unsupported-media-type"),
    (exceptions.ParseError, "request:malformed"),
    (exceptions.Throttled, "rate-limited"),
]
# Choices listed in full up to this many; a longer set (the task ids) points to where they are.
CHOICES_SHOWN = 200


class InvalidRequest(exceptions.ValidationError):
    def __init__(self, errors, choices):
        super().__init__(errors)
        self.choices = choices


def _choices(field):
    if isinstance(field, serializers.ChoiceField):
        return [str(value) for value in field.choices]
    if isinstance(field, serializers.SlugRelatedField):
        return [str(value) for value in field.get_queryset().values_list(field.slug_field, flat=True)[:CHOICES_SHOWN]]
    return None


def validated(serializer):
    """The serializer's validated data, or an InvalidRequest carrying the choices of each bad field."""
    if serializer.is_valid():
        return serializer.validated_data
    choices = {name: _choices(serializer.fields[name]) for name in serializer.errors if name in serializer.fields}
    raise InvalidRequest(serializer.errors, {name: values for name, values in choices.items() if values})


def _summary(fields):
    return "; ".join(f"{name}: {' '.join(str(m) for m in messages)}" if name != "non_field_errors"
                     else " ".join(str(m) for m in messages) for name, messages in fields.items())


def handler(exc, context):
    response = exception_handler(exc, context)
    if response is None:
        return None
    code = next((code for kind, code in CODES if isinstance(exc, kind)), "request:error")
    if isinstance(exc, exceptions.ValidationError):
        fields = response.data if isinstance(response.data, dict) else {"non_field_errors": response.data}
        body = {**fields, "code": code, "detail": _summary(fields)}
        if getattr(exc, "choices", None):
            body["choices"] = exc.choices
    else:
        body = {"code": code, "detail": str(response.data.get("detail", response.data))}
    response.data = body
    return response
